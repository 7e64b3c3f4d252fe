/* The public getters of a nonbinary code description. */
#include "nb_code_struct.h"

const ldpc_code *ldpc_nb_code_graph(const ldpc_nb_code *code) { return code->graph; }
uint32_t ldpc_nb_code_bits_per_symbol(const ldpc_nb_code *code) { return code->bits_per_symbol; }
uint32_t ldpc_nb_code_q(const ldpc_nb_code *code) { return code->q; }
size_t ldpc_nb_code_footprint(const ldpc_nb_code *code) { return code->footprint_bytes; }
