#include "watchdog.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "log.h"
#include "notify.h"

#define KEEPER_POLL_NS 20000000u /* how often the keeper thread looks at the clock */

void ldpcd_watchdog_init(ldpcd_watchdog *w)
{
    w->period_ns = ldpcd_watchdog_usec() * 1000u;
    w->last_ping_ns = 0;
    w->withheld = 0;
}

void ldpcd_watchdog_tick(ldpcd_watchdog *w, ldpcd_service *service)
{
    uint64_t now = ldpcd_now_ns();
    if (w->period_ns == 0 || now - w->last_ping_ns < w->period_ns / 4)
        return;
    if (ldpcd_service_workers_alive(service, w->period_ns / 2)) {
        ldpcd_notify("WATCHDOG=1");
        w->last_ping_ns = now;
        w->withheld = 0;
    } else if (!w->withheld) {
        ldpcd_log(LDPCD_LOG_ERROR, "a decoding thread is stuck: watchdog withheld");
        w->withheld = 1;
    }
}

typedef struct {
    ldpcd_watchdog *watchdog;
    ldpcd_service *service; /* its pipeline runs on, untouched, meanwhile */
    atomic_int done;
} keeper;

static void *keep_ticking(void *argument)
{
    keeper *k = argument;
    struct timespec pause = {0, KEEPER_POLL_NS};
    while (!atomic_load(&k->done)) {
        ldpcd_watchdog_tick(k->watchdog, k->service);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

ldpcd_pipeline *ldpcd_watchdog_build(ldpcd_watchdog *w, ldpcd_service *service,
                                     const ldpcd_config *config, char *error, size_t error_size)
{
    keeper k = {.watchdog = w, .service = service};
    atomic_init(&k.done, 0);
    pthread_t thread;
    int ticking = w->period_ns != 0 && pthread_create(&thread, NULL, keep_ticking, &k) == 0;
    ldpcd_pipeline *next = ldpcd_pipeline_create(config, &service->stats, error, error_size);
    if (ticking) {
        atomic_store(&k.done, 1);
        pthread_join(thread, NULL);
    }
    return next;
}
