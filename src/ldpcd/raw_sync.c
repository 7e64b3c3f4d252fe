#include "raw_sync.h"

#include <math.h>
#include <string.h>

/* Edges' worth of checks each test reads: the probe of every frame and the
 * search's final comparison read REFINE_EDGES (about 4096 checks of degree
 * 7), the search's first pass over every start SCAN_EDGES. At DVB-S2 rate
 * 1/2's threshold an aligned frame leaves 39% of the checks unmet against
 * 50% +- 1.6% (4096 checks) for random bits; the scan keeps the SHORTLIST
 * best starts, among which the aligned one is even when a scan of 256
 * checks alone cannot single it out. */
#define REFINE_EDGES 28672u
#define SCAN_EDGES 1792u
#define SHORTLIST 64
#define ALIGNED_SIGMAS 3.0

void ldpcd_raw_hard_decisions(int format, int negate, const uint8_t *raw, uint32_t count,
                              uint8_t *hard)
{
    uint8_t flip = negate ? 1u : 0u;
    switch ((ldpc_soft_format)format) {
    case LDPC_SOFT_F32:
        for (uint32_t i = 0; i < count; i++) {
            float value;
            memcpy(&value, raw + (size_t)i * sizeof value, sizeof value);
            hard[i] = (uint8_t)((value < 0.0f) ^ flip);
        }
        return;
    case LDPC_SOFT_I8:
        for (uint32_t i = 0; i < count; i++)
            hard[i] = (uint8_t)(((int8_t)raw[i] < 0) ^ flip);
        return;
    case LDPC_SOFT_LIQUID:
        for (uint32_t i = 0; i < count; i++)
            hard[i] = (uint8_t)((raw[i] > 127) ^ flip);
        return;
    }
    memset(hard, 0, count);
}

/* Checks spread evenly over the code whose degrees add up to about `edges`. */
static uint32_t probe_check_count(const ldpc_code *code, uint32_t edges)
{
    uint32_t m = ldpc_code_m(code);
    uint32_t mean_degree = ldpc_code_edges(code) / m;
    uint32_t checks = edges / (mean_degree > 0 ? mean_degree : 1);
    if (checks < 1)
        checks = 1;
    return checks < m ? checks : m;
}

/* Unmet checks of `checks` spread over the code, for the frame starting at
 * hard[0]. */
static uint32_t unmet_checks(const ldpc_code *code, const uint8_t *hard, uint32_t checks)
{
    uint32_t unmet = 0, m = ldpc_code_m(code);
    for (uint32_t i = 0; i < checks; i++) {
        uint32_t c = (uint32_t)((uint64_t)i * m / checks);
        uint32_t degree;
        const uint32_t *vars = ldpc_code_check_vars(code, c, &degree);
        uint8_t parity = 0;
        for (uint32_t e = 0; e < degree; e++)
            parity ^= hard[vars[e]];
        unmet += parity;
    }
    return unmet;
}

/* Random bits leave each check unmet with probability 1/2. */
static int clearly_met(uint32_t unmet, uint32_t checks)
{
    return (double)unmet < checks / 2.0 - ALIGNED_SIGMAS * sqrt((double)checks) / 2.0;
}

int ldpcd_raw_looks_aligned(const ldpc_code *code, const uint8_t *hard)
{
    uint32_t checks = probe_check_count(code, REFINE_EDGES);
    return clearly_met(unmet_checks(code, hard, checks), checks);
}

uint32_t ldpcd_raw_search(const ldpc_code *code, const uint8_t *hard)
{
    uint32_t scan = probe_check_count(code, SCAN_EDGES);
    uint32_t best_start[SHORTLIST], best_unmet[SHORTLIST];
    uint32_t listed = 0;
    uint32_t n = ldpc_code_n(code);
    for (uint32_t start = 1; start < n; start++) {
        uint32_t unmet = unmet_checks(code, hard + start, scan);
        if (listed == SHORTLIST && unmet >= best_unmet[SHORTLIST - 1])
            continue;
        uint32_t at = listed < SHORTLIST ? listed++ : SHORTLIST - 1;
        while (at > 0 && best_unmet[at - 1] > unmet) { /* keep the list sorted */
            best_unmet[at] = best_unmet[at - 1];
            best_start[at] = best_start[at - 1];
            at--;
        }
        best_unmet[at] = unmet;
        best_start[at] = start;
    }
    uint32_t refine = probe_check_count(code, REFINE_EDGES);
    uint32_t found = 0, found_unmet = UINT32_MAX;
    for (uint32_t i = 0; i < listed; i++) {
        uint32_t unmet = unmet_checks(code, hard + best_start[i], refine);
        if (unmet < found_unmet) {
            found_unmet = unmet;
            found = best_start[i];
        }
    }
    return found != 0 && clearly_met(found_unmet, refine) ? found : 0;
}
