/* Input messages kept as ZeroMQ received them until every frame in them has
 * been converted: the intake hands the workers pointers into a message, not
 * copies of its frames. A pool of holders is allocated with the ring, one
 * per slot and one for the message the intake is reading: every held
 * message but that one has a frame waiting in a slot, so the pool never
 * runs dry. Holders are taken by the intake and given back by whichever
 * thread drops the last reference. */
#ifndef LDPCD_HELD_MESSAGE_H
#define LDPCD_HELD_MESSAGE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <zmq.h>

typedef struct ldpcd_held_message {
    zmq_msg_t message;
    atomic_uint references;
    struct ldpcd_held_message *next_free;
} ldpcd_held_message;

typedef struct {
    pthread_mutex_t lock;
    ldpcd_held_message *holders;
    ldpcd_held_message *free_list;
    uint32_t count;
} ldpcd_message_pool;

int ldpcd_message_pool_create(ldpcd_message_pool *pool, uint32_t count);
void ldpcd_message_pool_destroy(ldpcd_message_pool *pool);

/* A holder with an empty message and one reference (the caller's); NULL only
 * if the pool's bound was broken. */
ldpcd_held_message *ldpcd_message_take(ldpcd_message_pool *pool);
void ldpcd_message_hold(ldpcd_held_message *held);
/* Drops a reference; the last one closes the message and frees the holder. */
void ldpcd_message_drop(ldpcd_message_pool *pool, ldpcd_held_message *held);

#endif
