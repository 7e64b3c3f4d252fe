/* Building nonbinary code descriptions: the Tanner graph through the binary
 * code builder (code/code_internal.h), then one block with the coefficients
 * and the systematic generator from Gaussian elimination over GF(q). */
#ifndef LDPC_NB_CODE_INTERNAL_H
#define LDPC_NB_CODE_INTERNAL_H

#include <stdint.h>

#include "ldpc/nonbinary.h"
#include "nb_code_struct.h"

/* H given check-major: the entries of check c are check_offsets[c] ..
 * check_offsets[c+1]-1, with variables check_var[] ascending and distinct and
 * coefficients check_coef[] in 1..q-1 (the caller has checked ranges).
 * layer_size 0: one layer per check; otherwise layers of layer_size
 * consecutive checks (block rows of a QC code; m must be a multiple). */
ldpc_status nb_code_build(const char *name, uint32_t bits_per_symbol, uint32_t n, uint32_t m,
                          const uint32_t *check_offsets, const uint32_t *check_var,
                          const uint8_t *check_coef, uint32_t layer_size, ldpc_nb_code **out,
                          ldpc_error *err);

/* Sorts the entries of each check by variable (coefficients follow) and
 * fails, naming the check, on a repeated variable. */
ldpc_status nb_sort_checks(const char *name, uint32_t m, const uint32_t *check_offsets,
                           uint32_t *check_var, uint8_t *check_coef, ldpc_error *err);

/* Constructions; LDPC_ERR_UNKNOWN_CODE for a name they do not know. */
ldpc_status nb_qc_code_create(const char *name, ldpc_nb_code **out, ldpc_error *err);
ldpc_status nb_peg_code_create(const char *name, ldpc_nb_code **out, ldpc_error *err);
size_t nb_qc_code_count(void);
const char *nb_qc_code_name(size_t index);
size_t nb_peg_code_count(void);
const char *nb_peg_code_name(size_t index);

/* "nbalist:[FORMAT:]PATH" without the prefix. */
ldpc_status nb_alist_load(const char *spec, const char *name, ldpc_nb_code **out,
                          ldpc_error *err);

#endif
