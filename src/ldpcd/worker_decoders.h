/* A worker's decoders behind one handle: the binary codes' ldpc_decoder and
 * the nonbinary codes' ldpc_nb_decoder (docs/NONBINARY.md) are created with
 * one fallback rule, decode a batch of either kind into decided bits in the
 * wire's order, write a frame's result payload and say where they run and
 * what their device did. The worker sees one object whichever code a batch
 * carries. Nothing here allocates after ldpcd_decoders_create. */
#ifndef LDPCD_WORKER_DECODERS_H
#define LDPCD_WORKER_DECODERS_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"
#include "ldpc/nonbinary.h"
#include "code_set.h"
#include "config.h"
#include "nb_codes.h"
#include "ring.h"
#include "stats.h"

typedef enum { LDPCD_BINARY, LDPCD_NONBINARY, LDPCD_CODE_KINDS } ldpcd_code_kind;

/* What the workers' decoders are created from (the pipeline's settings). */
typedef struct {
    const ldpc_decoder_config *binary;
    ldpc_decoder_limits binary_limits; /* union over the binary codes, batch frames */
    size_t binary_codes;               /* 0: no binary decoder is created */
    const ldpcd_nb_setup *nonbinary;   /* code_count 0: no nonbinary decoder */
} ldpcd_decoders_setup;

/* One kind's decoder and what the statistics already have of it. */
typedef struct {
    void *decoder;  /* ldpc_decoder or ldpc_nb_decoder, by kind; NULL when none */
    int off_device; /* it decodes elsewhere than its backend's device (opencl on
                     * the CPU), already reported */
    uint64_t table_uploads_seen, frames_on_cpu_seen;
} ldpcd_kind_decoder;

typedef struct {
    ldpcd_kind_decoder kinds[LDPCD_CODE_KINDS];
    uint8_t *symbols; /* batch frames * the largest nonbinary n: decided symbols */
    uint8_t *info;    /* the largest nonbinary k in bits: information bits gathered */
} ldpcd_decoders;

ldpcd_code_kind ldpcd_entry_kind(const ldpcd_code_entry *entry);

/* The decoder of each kind in use, from config->backend and
 * config->nonbinary_backend. A backend that cannot be created, or that runs
 * elsewhere than its name promises (opencl without a usable device), is an
 * error unless config->backend_fallback: then the reference decoder replaces
 * the first, the second is kept, both logged and counted in
 * stats->fallbacks. On failure, ldpcd_decoders_destroy releases what was made. */
int ldpcd_decoders_create(ldpcd_decoders *d, const ldpcd_decoders_setup *setup,
                          const ldpcd_config *config, ldpcd_stats *stats, char *error,
                          size_t error_size);
void ldpcd_decoders_destroy(ldpcd_decoders *d);
size_t ldpcd_decoders_footprint(const ldpcd_decoders *d);

/* Where they decode, for the start-up log: "BINARY + NONBINARY", or the one in use. */
void ldpcd_decoders_describe(const ldpcd_decoders *d, char *text, size_t size);
/* The notes of their OpenCL program caches (one that could not be read or
 * written costs a board its compile at every start), logged as warnings. */
void ldpcd_decoders_log_notes(const ldpcd_decoders *d);
/* 1 if the binary decoder reads `code` as a Tanner graph. */
int ldpcd_decoders_need_graph(const ldpcd_decoders *d, const ldpc_code *code);

/* Where a worker's batches can live: the binary decoder's staging areas
 * (ldpc_decoder_input_area and _output_area: its device reads the values and
 * writes the decisions there, with no copy through the decoder's own
 * staging), when every batch takes them: int8 values and no nonbinary
 * decoder. Else NULL, and the worker reserves buffers of its own. */
void ldpcd_decoders_staging(ldpcd_decoders *d, int soft_is_float, void **soft, uint8_t **bits);

/* Decodes `frames` frames of entry->n_bits soft values (float, or int8
 * quantised LLRs, as the slots hold them) into entry->word_bits decided
 * bits per frame, in the wire's bit order. */
ldpc_status ldpcd_decoders_decode(ldpcd_decoders *d, const ldpcd_code_entry *entry,
                                  int soft_is_float, const void *soft, uint32_t frames,
                                  uint8_t *bits, ldpc_frame_stats *stats, ldpc_error *err);

/* After a decode call of `kind`: its device's table uploads and frames
 * decoded on the CPU into the statistics, and a move to the CPU after a
 * failed call (a lost device) logged once and counted as a fallback. */
void ldpcd_decoders_follow_device(ldpcd_decoders *d, ldpcd_code_kind kind, ldpcd_stats *stats);

/* The result payload (output_bits) of one decoded frame of slot->code, from
 * its decided bits. A nonbinary frame goes through the handle's scratch:
 * one frame at a time (ldpcd_decoders_result_shared). */
void ldpcd_decoders_write_result(ldpcd_decoders *d, ldpcd_output_bits output_bits,
                                 ldpcd_slot *slot, const uint8_t *codeword);
/* 1 if helpers may write results of `entry` beside the handle's own thread. */
int ldpcd_decoders_result_shared(const ldpcd_code_entry *entry);

#endif
