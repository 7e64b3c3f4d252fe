/* Opening the ZeroMQ sockets of a configuration, with the security rules of
 * docs/SERVICE.md: ipc sockets get socket_mode; tcp on anything but loopback
 * needs CURVE unless trusted_network says otherwise. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <zmq.h>

#include "curve.h"
#include "log.h"
#include "service.h"

static int fail(char *error, size_t error_size, const char *format, ...) LDPCD_PRINTF(3, 4);

static int fail(char *error, size_t error_size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(error, error_size, format, args);
    va_end(args);
    return -1;
}

int ldpcd_endpoint_is_local(const char *endpoint)
{
    if (strncmp(endpoint, "ipc://", 6) == 0 || strncmp(endpoint, "inproc://", 9) == 0)
        return 1;
    if (strncmp(endpoint, "tcp://", 6) != 0)
        return 0; /* pgm, udp, ...: never local */
    const char *host = endpoint + 6, *port = strrchr(host, ':');
    /* a source address ("tcp://src;dst") is not loopback, nor is a host
     * without a port */
    if (strchr(host, ';') != NULL || port == NULL)
        return 0;
    char name[64];
    size_t length = (size_t)(port - host);
    if (length >= sizeof name)
        return 0;
    memcpy(name, host, length);
    name[length] = '\0';
    if (strcmp(name, "localhost") == 0 || strcmp(name, "[::1]") == 0 || strcmp(name, "lo") == 0)
        return 1;
    /* 127.0.0.0/8 written as an address: a host name such as 127.example.org
     * may resolve anywhere */
    struct in_addr address;
    return inet_pton(AF_INET, name, &address) == 1 && (ntohl(address.s_addr) >> 24) == 127;
}

void ldpcd_socket_close(void **socket, int linger_ms)
{
    if (*socket == NULL)
        return;
    zmq_setsockopt(*socket, ZMQ_LINGER, &linger_ms, sizeof linger_ms);
    zmq_close(*socket);
    *socket = NULL;
}

static int attach(void *socket, const char *role, const char *endpoint, int bind,
                  const ldpcd_config *config, char *error, size_t error_size)
{
    int curve = config->curve_secret_key_file[0] != '\0' && strncmp(endpoint, "tcp://", 6) == 0;
    if (!ldpcd_endpoint_is_local(endpoint) && !curve && !config->trusted_network)
        return fail(error, error_size,
                    "%s_endpoint %s: not loopback or ipc; set curve_secret_key_file and "
                    "curve_clients_file, or trusted_network = yes", role, endpoint);
    if (curve && ldpcd_curve_make_server(socket, config, error, error_size) != 0)
        return -1;
    int status = bind ? zmq_bind(socket, endpoint) : zmq_connect(socket, endpoint);
    if (status != 0)
        return fail(error, error_size, "%s_endpoint %s: cannot %s: %s", role, endpoint,
                    bind ? "bind" : "connect", zmq_strerror(errno));
    if (bind && strncmp(endpoint, "ipc://", 6) == 0 && endpoint[6] != '@' &&
        chmod(endpoint + 6, (mode_t)config->socket_mode) != 0)
        return fail(error, error_size, "%s_endpoint %s: chmod %o: %s", role, endpoint,
                    config->socket_mode, strerror(errno));
    return 0;
}

int ldpcd_sockets_open(ldpcd_service *s, const ldpcd_config *config, int input, int output,
                       int stats, char *error, size_t error_size)
{
    if (input) {
        s->input = zmq_socket(s->zmq, config->input_socket == LDPCD_INPUT_SUB ? ZMQ_SUB : ZMQ_PULL);
        int hwm = (int)config->input_hwm;
        zmq_setsockopt(s->input, ZMQ_RCVHWM, &hwm, sizeof hwm);
        if (config->input_socket == LDPCD_INPUT_SUB)
            zmq_setsockopt(s->input, ZMQ_SUBSCRIBE, "", 0);
        if (attach(s->input, "input", config->input_endpoint, config->input_bind, config, error,
                   error_size) != 0) {
            ldpcd_socket_close(&s->input, 0);
            return -1;
        }
    }
    if (output) {
        int pub = config->output_socket == LDPCD_OUTPUT_PUB;
        s->output = zmq_socket(s->zmq, pub ? ZMQ_PUB : ZMQ_PUSH);
        int hwm = (int)config->output_hwm;
        zmq_setsockopt(s->output, ZMQ_SNDHWM, &hwm, sizeof hwm);
        int timeout_ms = 100;
        zmq_setsockopt(s->output, ZMQ_SNDTIMEO, &timeout_ms, sizeof timeout_ms);
        if (pub) {
            /* a full subscriber makes the send fail (counted) instead of vanishing */
            int nodrop = 1;
            zmq_setsockopt(s->output, ZMQ_XPUB_NODROP, &nodrop, sizeof nodrop);
        }
        if (attach(s->output, "output", config->output_endpoint, config->output_bind, config,
                   error, error_size) != 0) {
            ldpcd_socket_close(&s->output, 0);
            return -1;
        }
    }
    if (stats && config->stats_endpoint[0] != '\0') {
        s->stats_socket = zmq_socket(s->zmq, ZMQ_PUB);
        if (attach(s->stats_socket, "stats", config->stats_endpoint, 1, config, error,
                   error_size) != 0) {
            ldpcd_socket_close(&s->stats_socket, 0);
            return -1;
        }
    }
    return 0;
}
