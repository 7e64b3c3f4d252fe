#include "curve_security.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "error_text.h"
#include "log.h"

#define MAX_CLIENT_KEYS 1024
#define Z85_KEY_LENGTH 40

struct ldpcd_zap {
    void *socket;
    pthread_t thread;
    atomic_int stop;
    uint8_t keys[MAX_CLIENT_KEYS][32];
    size_t key_count;
};

/* Reads Z85 keys (40 characters each), one per line; lines starting with '#' are comments. */
static int read_keys(const char *path, uint8_t (*keys)[32], size_t max_keys, size_t *count,
                     char *error, size_t error_size)
{
    FILE *file = fopen(path, "r");
    if (file == NULL)
        return ldpcd_fail(error, error_size, "%s: %s", path, strerror(errno));
    char line[256];
    unsigned line_number = 0;
    *count = 0;
    while (fgets(line, sizeof line, file) != NULL) {
        line_number++;
        /* '#' is a Z85 character, so only a line that starts with it is a comment. */
        const char *first = line + strspn(line, " \t");
        if (*first == '#')
            continue;
        char key[Z85_KEY_LENGTH + 1];
        size_t length = 0;
        for (char *p = line; *p != '\0'; p++) {
            if (isspace((unsigned char)*p))
                continue;
            if (length == Z85_KEY_LENGTH) {
                length++;
                break;
            }
            key[length++] = *p;
        }
        if (length == 0)
            continue;
        key[length < sizeof key ? length : Z85_KEY_LENGTH] = '\0';
        if (length != Z85_KEY_LENGTH || *count == max_keys ||
            zmq_z85_decode(keys[*count], key) == NULL) {
            fclose(file);
            return ldpcd_fail(error, error_size, "%s:%u: not a Z85 CURVE key of 40 characters", path,
                        line_number);
        }
        (*count)++;
    }
    fclose(file);
    if (*count == 0)
        return ldpcd_fail(error, error_size, "%s: no key", path);
    return 0;
}

int ldpcd_curve_make_server(void *socket, const ldpcd_config *config, char *error,
                            size_t error_size)
{
    uint8_t secret[1][32];
    size_t count;
    if (read_keys(config->curve_secret_key_file, secret, 1, &count, error, error_size) != 0)
        return -1;
    int server = 1;
    if (zmq_setsockopt(socket, ZMQ_CURVE_SERVER, &server, sizeof server) != 0 ||
        zmq_setsockopt(socket, ZMQ_CURVE_SECRETKEY, secret[0], 32) != 0)
        return ldpcd_fail(error, error_size, "CURVE: %s (libzmq without libsodium?)",
                    zmq_strerror(errno));
    /* the ZAP domain makes libzmq consult our handler */
    zmq_setsockopt(socket, ZMQ_ZAP_DOMAIN, "ldpcd", 5);
    return 0;
}

static int receive_part(void *socket, uint8_t *buffer, size_t size, size_t *length, int *more)
{
    int received = zmq_recv(socket, buffer, size, 0);
    if (received < 0)
        return -1;
    *length = (size_t)received < size ? (size_t)received : size;
    size_t more_size = sizeof *more;
    zmq_getsockopt(socket, ZMQ_RCVMORE, more, &more_size);
    return 0;
}

static void *zap_main(void *argument)
{
    ldpcd_zap *zap = argument;
    while (!atomic_load(&zap->stop)) {
        zmq_pollitem_t item = {.socket = zap->socket, .events = ZMQ_POLLIN};
        if (zmq_poll(&item, 1, 100) <= 0)
            continue;
        /* version, request id, domain, address, identity, mechanism, credentials */
        uint8_t parts[8][256];
        size_t lengths[8] = {0};
        int more = 1;
        size_t count = 0;
        while (more) {
            size_t slot = count < 8 ? count : 7;
            if (receive_part(zap->socket, parts[slot], sizeof parts[slot], &lengths[slot],
                             &more) != 0)
                break;
            count++;
        }
        int allowed = 0;
        if (count >= 7 && lengths[5] == 5 && memcmp(parts[5], "CURVE", 5) == 0 &&
            lengths[6] == 32) {
            for (size_t k = 0; k < zap->key_count && !allowed; k++)
                allowed = memcmp(zap->keys[k], parts[6], 32) == 0;
        }
        if (!allowed) {
            char address[64];
            snprintf(address, sizeof address, "%.*s", (int)(lengths[3] < 63 ? lengths[3] : 63),
                     (const char *)parts[3]);
            ldpcd_log(LDPCD_LOG_WARNING, "CURVE: refused a client from %s: key not in "
                      "curve_clients_file", address);
        }
        zmq_send(zap->socket, "1.0", 3, ZMQ_SNDMORE);
        zmq_send(zap->socket, parts[1], lengths[1], ZMQ_SNDMORE);
        zmq_send(zap->socket, allowed ? "200" : "400", 3, ZMQ_SNDMORE);
        zmq_send(zap->socket, allowed ? "OK" : "unknown client key", allowed ? 2 : 18,
                 ZMQ_SNDMORE);
        zmq_send(zap->socket, "", 0, ZMQ_SNDMORE);
        zmq_send(zap->socket, "", 0, 0);
    }
    return NULL;
}

ldpcd_zap *ldpcd_zap_start(void *zmq_context, const ldpcd_config *config, char *error,
                           size_t error_size)
{
    ldpcd_zap *zap = calloc(1, sizeof *zap);
    if (zap == NULL) {
        ldpcd_fail(error, error_size, "out of memory");
        return NULL;
    }
    if (read_keys(config->curve_clients_file, zap->keys, MAX_CLIENT_KEYS, &zap->key_count, error,
                  error_size) != 0) {
        free(zap);
        return NULL;
    }
    zap->socket = zmq_socket(zmq_context, ZMQ_REP);
    if (zmq_bind(zap->socket, "inproc://zeromq.zap.01") != 0) {
        ldpcd_fail(error, error_size, "ZAP handler: %s", zmq_strerror(errno));
        zmq_close(zap->socket);
        free(zap);
        return NULL;
    }
    if (pthread_create(&zap->thread, NULL, zap_main, zap) != 0) {
        ldpcd_fail(error, error_size, "ZAP handler: cannot start its thread");
        zmq_close(zap->socket);
        free(zap);
        return NULL;
    }
    ldpcd_log(LDPCD_LOG_INFO, "CURVE: %zu allowed client keys", zap->key_count);
    return zap;
}

void ldpcd_zap_stop(ldpcd_zap *zap)
{
    if (zap == NULL)
        return;
    atomic_store(&zap->stop, 1);
    pthread_join(zap->thread, NULL);
    int linger = 0;
    zmq_setsockopt(zap->socket, ZMQ_LINGER, &linger, sizeof linger);
    zmq_close(zap->socket);
    free(zap);
}
