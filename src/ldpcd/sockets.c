/* Opening the ZeroMQ sockets of a configuration, with the security rules of
 * docs/SERVICE.md: ipc socket files are created with socket_mode; abstract
 * ipc sockets need trusted_abstract_ipc; tcp on anything but loopback needs
 * CURVE unless trusted_network says otherwise; no socket reads a message
 * larger than the largest valid one. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <zmq.h>

#include "curve_security.h"
#include "error_text.h"
#include "log.h"
#include "service.h"

/* What output and statistics sockets read: subscriptions (PUB), nothing else. */
#define SUBSCRIPTION_MAX_BYTES 1024

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

/* zmq_bind takes an interface or an address, not a host name. */
static void bind_address(const char *endpoint, char *out, size_t size)
{
    if (strncmp(endpoint, "tcp://localhost:", 16) == 0)
        snprintf(out, size, "tcp://127.0.0.1:%s", endpoint + 16);
    else
        snprintf(out, size, "%s", endpoint);
}

/* Binds an ipc socket file with socket_mode from the start (through the
 * umask: nothing else creates files while sockets are opened). */
static int bind_socket_file(void *socket, const char *endpoint, uint32_t socket_mode)
{
    mode_t before = umask((mode_t)(~socket_mode & 0777u));
    int status = zmq_bind(socket, endpoint);
    int saved = errno;
    umask(before);
    errno = saved;
    if (status != 0)
        return status;
    /* a default ACL on the directory overrides the umask */
    struct stat info;
    if (stat(endpoint + 6, &info) == 0 && (info.st_mode & 0777u) != socket_mode)
        return chmod(endpoint + 6, (mode_t)socket_mode);
    return 0;
}

static int attach(void *socket, const char *role, const char *endpoint, int bind,
                  int64_t max_message_bytes, const ldpcd_config *config, char *error,
                  size_t error_size)
{
    int tcp = strncmp(endpoint, "tcp://", 6) == 0;
    int abstract = strncmp(endpoint, "ipc://@", 7) == 0;
    int curve = config->curve_secret_key_file[0] != '\0' && tcp;
    if (abstract && !config->trusted_abstract_ipc)
        return ldpcd_fail(error, error_size,
                    "%s_endpoint %s: an abstract ipc socket has no file permissions (any process "
                    "of this network namespace may connect); use a socket file, or set "
                    "trusted_abstract_ipc = yes", role, endpoint);
    if (!ldpcd_endpoint_is_local(endpoint) && !curve && !config->trusted_network)
        return ldpcd_fail(error, error_size,
                    "%s_endpoint %s: not loopback or ipc; set curve_secret_key_file and "
                    "curve_clients_file, or trusted_network = yes", role, endpoint);
    zmq_setsockopt(socket, ZMQ_MAXMSGSIZE, &max_message_bytes, sizeof max_message_bytes);
    if (tcp) {
        int ipv6 = 1; /* [::1] and other IPv6 addresses; IPv4 still works */
        zmq_setsockopt(socket, ZMQ_IPV6, &ipv6, sizeof ipv6);
    }
    if (curve && ldpcd_curve_make_server(socket, config, error, error_size) != 0)
        return -1;
    char address[LDPCD_PATH_SIZE + 16];
    bind_address(endpoint, address, sizeof address);
    int status;
    if (!bind)
        status = zmq_connect(socket, address);
    else if (strncmp(endpoint, "ipc://", 6) == 0 && !abstract)
        status = bind_socket_file(socket, address, config->socket_mode);
    else
        status = zmq_bind(socket, address);
    if (status != 0)
        return ldpcd_fail(error, error_size, "%s_endpoint %s: cannot %s: %s", role, endpoint,
                    bind ? "bind" : "connect", zmq_strerror(errno));
    return 0;
}

int ldpcd_sockets_open(ldpcd_service *s, const ldpcd_config *config, int input, int output,
                       int stats, char *error, size_t error_size)
{
    if (input) {
        s->input = zmq_socket(s->zmq, config->input_socket == LDPCD_INPUT_SUB ? ZMQ_SUB : ZMQ_PULL);
        int hwm = (int)config->input_hwm;
        zmq_setsockopt(s->input, ZMQ_RCVHWM, &hwm, sizeof hwm);
        if (s->io_threads > 1) {
            /* every I/O thread but the output's */
            uint64_t affinity = ((1ull << s->io_threads) - 1u) & ~1ull;
            zmq_setsockopt(s->input, ZMQ_AFFINITY, &affinity, sizeof affinity);
        }
        if (config->input_socket == LDPCD_INPUT_SUB)
            zmq_setsockopt(s->input, ZMQ_SUBSCRIBE, "", 0);
        if (attach(s->input, "input", config->input_endpoint, config->input_bind,
                   (int64_t)ldpcd_pipeline_max_input_message(s->pipeline, config), config, error,
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
        if (s->io_threads > 1) {
            uint64_t affinity = 1; /* the first I/O thread, its own */
            zmq_setsockopt(s->output, ZMQ_AFFINITY, &affinity, sizeof affinity);
        }
        if (pub) {
            /* a full subscriber makes the send fail (counted) instead of vanishing */
            int nodrop = 1;
            zmq_setsockopt(s->output, ZMQ_XPUB_NODROP, &nodrop, sizeof nodrop);
        }
        if (attach(s->output, "output", config->output_endpoint, config->output_bind,
                   SUBSCRIPTION_MAX_BYTES, config, error, error_size) != 0) {
            ldpcd_socket_close(&s->output, 0);
            return -1;
        }
    }
    if (stats && config->stats_endpoint[0] != '\0') {
        s->stats_socket = zmq_socket(s->zmq, ZMQ_PUB);
        if (attach(s->stats_socket, "stats", config->stats_endpoint, 1, SUBSCRIPTION_MAX_BYTES,
                   config, error, error_size) != 0) {
            ldpcd_socket_close(&s->stats_socket, 0);
            return -1;
        }
    }
    return 0;
}
