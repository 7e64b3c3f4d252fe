#include "held_message.h"

#include <stdlib.h>

int ldpcd_message_pool_create(ldpcd_message_pool *pool, uint32_t count)
{
    pool->holders = calloc(count, sizeof *pool->holders);
    if (pool->holders == NULL)
        return -1;
    pool->count = count;
    pool->free_list = NULL;
    for (uint32_t i = count; i-- > 0;) {
        pool->holders[i].next_free = pool->free_list;
        pool->free_list = &pool->holders[i];
    }
    pthread_mutex_init(&pool->lock, NULL);
    return 0;
}

void ldpcd_message_pool_destroy(ldpcd_message_pool *pool)
{
    if (pool->holders == NULL)
        return;
    pthread_mutex_destroy(&pool->lock);
    free(pool->holders);
    pool->holders = NULL;
}

ldpcd_held_message *ldpcd_message_take(ldpcd_message_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    ldpcd_held_message *held = pool->free_list;
    if (held != NULL)
        pool->free_list = held->next_free;
    pthread_mutex_unlock(&pool->lock);
    if (held == NULL)
        return NULL;
    zmq_msg_init(&held->message);
    atomic_store_explicit(&held->references, 1, memory_order_relaxed);
    return held;
}

void ldpcd_message_hold(ldpcd_held_message *held)
{
    atomic_fetch_add_explicit(&held->references, 1, memory_order_relaxed);
}

void ldpcd_message_drop(ldpcd_message_pool *pool, ldpcd_held_message *held)
{
    if (atomic_fetch_sub_explicit(&held->references, 1, memory_order_acq_rel) != 1)
        return;
    zmq_msg_close(&held->message);
    pthread_mutex_lock(&pool->lock);
    held->next_free = pool->free_list;
    pool->free_list = held;
    pthread_mutex_unlock(&pool->lock);
}
