/* NEON instance of the 8-bit Min-Max decoder for GF(32): a message in two
 * 128-bit registers (nb_msg_neon.h, nb_minmax_simd_template.h). */
#define NB_Q 32
#define NB_SIMD_FUNCTION(name) neon_q32_nb_##name

#include "arm/nb_msg_neon.h"
#include "arm/nb_arm_variants.h"

#include "common/nb_minmax_simd_template.h"
