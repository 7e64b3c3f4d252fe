/* systemd's watchdog (WatchdogSec=): WATCHDOG=1 every quarter of the period,
 * but only while every decoding thread shows life, so that a decoder that
 * hangs (a GPU that never returns) gets the service restarted. */
#ifndef LDPCD_WATCHDOG_H
#define LDPCD_WATCHDOG_H

#include <stdint.h>

#include "service.h"

typedef struct {
    uint64_t period_ns; /* 0: systemd asked for no watchdog */
    uint64_t last_ping_ns;
    int withheld; /* logged once per stuck spell */
} ldpcd_watchdog;

void ldpcd_watchdog_init(ldpcd_watchdog *watchdog);
/* Pings when a quarter period has passed and the service's workers are alive. */
void ldpcd_watchdog_tick(ldpcd_watchdog *watchdog, ldpcd_service *service);

/* Builds the pipeline of a reload while a thread keeps ticking the watchdog
 * for the running service (a build of many codes or an OpenCL compile takes
 * seconds). Returns what ldpcd_pipeline_create returns. */
ldpcd_pipeline *ldpcd_watchdog_build(ldpcd_watchdog *watchdog, ldpcd_service *service,
                                     const ldpcd_config *config, char *error,
                                     size_t error_size);

#endif
