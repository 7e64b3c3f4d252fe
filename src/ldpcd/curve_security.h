/* ZeroMQ CURVE on tcp endpoints: the server key from curve_secret_key_file,
 * and a ZAP handler (RFC 27) that admits only the public keys listed in
 * curve_clients_file. */
#ifndef LDPCD_CURVE_SECURITY_H
#define LDPCD_CURVE_SECURITY_H

#include <stddef.h>

#include "config.h"

typedef struct ldpcd_zap ldpcd_zap;

/* Starts the ZAP handler thread in `zmq_context` (before any CURVE socket
 * binds); NULL with a message on error. */
ldpcd_zap *ldpcd_zap_start(void *zmq_context, const ldpcd_config *config, char *error,
                           size_t error_size);
void ldpcd_zap_stop(ldpcd_zap *zap);

int ldpcd_curve_make_server(void *socket, const ldpcd_config *config, char *error,
                            size_t error_size);

#endif
