/* The OpenCL backend (on PoCL in CI) against the reference: identical decided
 * bits, iteration counts and statistics for layered and flooding schedules,
 * normalized and offset min-sum, every kernel design (item, group, latency
 * with each of its degree bounds: 8, 16 and 32, and 8, 14, 24 and 32 for
 * two frames per group; its posteriors in global or in local memory, through
 * slot or circulant tables; spread), DVB short codes (whose layers share
 * variables: atomic posterior updates) and one whose layers do not, a DVB
 * normal code and alist codes, batches that mix converging and failing
 * frames, partial batches, syndrome periods 0, 1 and > 1, and (opt-in: 4 GiB)
 * offsets beyond 2^32. */
#include <unistd.h>

#include "test_opencl_support.h"
#include "code/code_struct.h"

typedef struct {
    const char *code;
    ldpc_schedule schedule;
    ldpc_check_rule rule;
    uint32_t iterations, period;
    ldpc_opencl_design design;
    uint32_t frames, batch;
    double ebn0_low, ebn0_high;
    uint32_t work_group; /* tuning work_group_size; 0 = the device's */
    ldpc_opencl_posterior_memory posteriors; /* tuning latency_posteriors */
    ldpc_opencl_latency_tables tables;       /* tuning latency_tables (0: auto) */
    ldpc_opencl_latency_pairs pairs;         /* tuning latency_pairs (0: auto) */
} exact_case;

/* The backend's rule (cl_batch_plan.c): the latency design keeps a frame's
 * posteriors in local memory where two bytes per variable (in whole words),
 * the records of the largest layer (8 bytes per check) and 1 KiB fit the
 * device's local memory, if LOCAL forces it or, for AUTO, if that memory is
 * dedicated and the check degree at most 8, or at most 16 in a call of at
 * most 4 frames per compute unit. */
static int expect_local_posteriors(const ldpc_code *code, ldpc_opencl_posterior_memory memory,
                                   uint32_t call_frames, const test_opencl_outcome *outcome)
{
    uint32_t largest_layer = 0;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        uint32_t size = code->layer_offsets[l + 1] - code->layer_offsets[l];
        largest_layer = size > largest_layer ? size : largest_layer;
    }
    uint64_t bytes = 2 * (((uint64_t)code->n + 1) / 2 * 2) + 8 * (uint64_t)largest_layer + 1024;
    if (bytes > outcome->local_memory_bytes)
        return 0;
    if (memory == LDPC_OPENCL_POSTERIORS_AUTO) {
        int small_call = call_frames <= 4 * (uint64_t)outcome->compute_units;
        return outcome->local_memory_dedicated &&
               (code->max_check_degree <= 8 || (code->max_check_degree <= 16 && small_call));
    }
    return memory == LDPC_OPENCL_POSTERIORS_LOCAL;
}

/* The backend's rule (cl_batch_plan.c): the latency design can read a DVB
 * code (every one has circulant tables) through its circulant tables where
 * the group (the device's, or the configured size) has at least half a layer
 * of 360 checks. CIRCULANTS takes them there, SLOTS never, and AUTO where the
 * posteriors are not local and the check degree is above 8 or the call has at
 * most 4 frames per compute unit. */
static int expect_circulants(const exact_case *c, const ldpc_code *code, int local_posteriors,
                             uint32_t call_frames, const test_opencl_outcome *outcome)
{
    int dvb = strncmp(c->code, "dvb", 3) == 0;
    int group_fits = c->work_group == 0 || 2 * c->work_group >= 360;
    if (!dvb || !group_fits || c->tables == LDPC_OPENCL_TABLES_SLOTS)
        return 0;
    int small_call = call_frames <= 4 * (uint64_t)outcome->compute_units;
    return c->tables == LDPC_OPENCL_TABLES_CIRCULANTS ||
           (!local_posteriors && (code->max_check_degree > 8 || small_call));
}

/* The pair kernel a code takes (cl_batch_plan.c): the smallest check degree
 * bound at or above its largest check degree. */
static size_t expect_pair_kernel(const ldpc_code *code, const test_opencl_outcome *outcome)
{
    size_t kernel = 0;
    while (kernel + 1 < LDPC_OPENCL_PAIR_KERNELS &&
           outcome->pair_kernel_bounds[kernel] < code->max_check_degree)
        kernel++;
    return kernel;
}

/* The backend's rule (cl_batch_plan.c): the pair kernel takes the latency
 * design's batches of check degree at most 32 unless the configuration
 * forces local posteriors or circulant tables: where ON asks for it, and for
 * AUTO in passes of at least 4 frames per compute unit, 2 for the kernels of
 * bounds above 16 (on PoCL, with unified memory, a call is one pass). */
static int expect_pairs(const exact_case *c, const ldpc_code *code, uint32_t call_frames,
                        const test_opencl_outcome *outcome)
{
    int fits = code->max_check_degree <= 32 && c->posteriors != LDPC_OPENCL_POSTERIORS_LOCAL &&
               c->tables != LDPC_OPENCL_TABLES_CIRCULANTS;
    uint32_t per_unit = outcome->pair_kernel_bounds[expect_pair_kernel(code, outcome)] > 16 ? 2 : 4;
    if (c->pairs == LDPC_OPENCL_PAIRS_AUTO)
        return fits && call_frames >= per_unit * (uint64_t)outcome->compute_units;
    return fits && c->pairs == LDPC_OPENCL_PAIRS_ON;
}

/* The backend's rule (cl_batch_plan.c): a pass through circulant tables of
 * check degree up to 16 and at most one frame per compute unit, or on a code
 * whose layers hold 360 checks through the pair kernel of degree up to 8 or
 * the local-posterior kernel of degree up to 8 and at most one frame per
 * compute unit, takes the twin kernel in groups of one layer where the
 * program has it and no smaller group is configured. */
static int expect_layer_group(const exact_case *c, const ldpc_code *code, int pairs, int local,
                              int circulants, uint32_t call_frames,
                              const test_opencl_outcome *outcome)
{
    int dvb = strncmp(c->code, "dvb", 3) == 0;
    int one_per_unit = call_frames <= outcome->compute_units;
    uint32_t twin = 0;
    if (circulants && one_per_unit)
        twin = code->max_check_degree <= 8    ? LDPC_OPENCL_TWIN_CIRCULANT_D8
               : code->max_check_degree <= 16 ? LDPC_OPENCL_TWIN_CIRCULANT_D16
                                              : 0;
    else if (!circulants && dvb && code->max_check_degree <= 8)
        twin = pairs                  ? LDPC_OPENCL_TWIN_PAIRS_D8
               : local && one_per_unit ? LDPC_OPENCL_TWIN_LOCAL_D8
                                       : 0;
    return (outcome->layer_group_twins & twin) != 0;
}

/* Returns the outcome, checked. */
static test_opencl_outcome run_case(const exact_case *c)
{
    test_opencl_require();
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_code_create(c->code, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", c->code, err.message);
    float *llr = test_opencl_frames(code, c->frames, c->ebn0_low, c->ebn0_high, 0x5eed + c->frames);
    ldpc_decoder_config config =
        test_opencl_decoder_config(c->schedule, c->rule, c->iterations, c->period);
    cl_options opencl = test_opencl_config(c->design);
    opencl.work_group_size = c->work_group;
    opencl.latency_posteriors = c->posteriors;
    opencl.latency_tables = c->tables;
    opencl.latency_pairs = c->pairs;
    test_opencl_outcome outcome = test_opencl_compare(code, &config, &opencl, llr, c->frames,
                                                      c->batch);
    
    /* The comparison means something only if both kinds of frames occurred. */
    assert_true(outcome.converged > 0);
    assert_true(outcome.failed > 0);
    /* The design that ran: "auto" is the latency design for the layered
     * schedule and the spread design for flooding batches of at most
     * LDPC_OPENCL_SPREAD_MAX_FRAMES; "latency" with flooding, "spread" with
     * the layered schedule or a larger batch, are the group design. */
    uint32_t batches = (c->frames + c->batch - 1) / c->batch;
    int flooding = c->schedule == LDPC_SCHEDULE_FLOODING;
    ldpc_opencl_design expected = c->design;
    if (expected == LDPC_OPENCL_DESIGN_AUTO)
        expected = flooding ? LDPC_OPENCL_DESIGN_SPREAD : LDPC_OPENCL_DESIGN_LATENCY;
    if ((expected == LDPC_OPENCL_DESIGN_LATENCY && flooding) ||
        (expected == LDPC_OPENCL_DESIGN_SPREAD &&
         (!flooding || c->batch > LDPC_OPENCL_SPREAD_MAX_FRAMES)))
        expected = LDPC_OPENCL_DESIGN_GROUP_PER_FRAME;
    assert_int_equal(outcome.item_batches,
                     expected == LDPC_OPENCL_DESIGN_ITEM_PER_FRAME ? batches : 0);
    assert_int_equal(outcome.group_batches,
                     expected == LDPC_OPENCL_DESIGN_GROUP_PER_FRAME ? batches : 0);
    assert_int_equal(outcome.latency_batches,
                     expected == LDPC_OPENCL_DESIGN_LATENCY ? batches : 0);
    assert_int_equal(outcome.spread_batches, expected == LDPC_OPENCL_DESIGN_SPREAD ? batches : 0);
    uint32_t local_batches = 0, circulant_batches = 0, pair_batches = 0, layer_batches = 0;
    uint32_t pair_bound_batches[LDPC_OPENCL_PAIR_KERNELS] = {0};
    for (uint32_t first = 0; first < c->frames; first += c->batch) {
        uint32_t call_frames = c->frames - first < c->batch ? c->frames - first : c->batch;
        if (expected != LDPC_OPENCL_DESIGN_LATENCY)
            continue;
        int pairs = expect_pairs(c, code, call_frames, &outcome);
        int local = !pairs && expect_local_posteriors(code, c->posteriors, call_frames, &outcome);
        int circulants = !pairs && expect_circulants(c, code, local, call_frames, &outcome);
        local_batches += local && !circulants;
        circulant_batches += circulants;
        pair_batches += pairs;
        pair_bound_batches[expect_pair_kernel(code, &outcome)] += pairs;
        layer_batches +=
            expect_layer_group(c, code, pairs, local, circulants, call_frames, &outcome);
    }
    assert_int_equal(outcome.latency_local_batches, local_batches);
    assert_int_equal(outcome.circulant_batches, circulant_batches);
    assert_int_equal(outcome.pair_batches, pair_batches);
    for (size_t i = 0; i < LDPC_OPENCL_PAIR_KERNELS; i++)
        assert_int_equal(outcome.pair_bound_batches[i], pair_bound_batches[i]);
    assert_int_equal(outcome.layer_group_batches, layer_batches);
    /* No twin where the program has none or a smaller group is configured. */
    if (!outcome.layer_group_kernels || (c->work_group != 0 && c->work_group < 360))
        assert_int_equal(outcome.layer_group_twins, 0);
    free(llr);
    ldpc_code_destroy(code);
    return outcome;
}

#define ALIST_MACKAY "alist:" LDPC_SOURCE_DIR "/tests/vectors/codes/binary/MACKAY_504_1008.alist"

static void dvb_short_layered_normalized(void **state)
{
    (void)state;
    const exact_case group = {"dvbs2-short-1/2", LDPC_SCHEDULE_LAYERED,
                              LDPC_RULE_MIN_SUM_NORMALIZED, 30, 1, LDPC_OPENCL_DESIGN_AUTO,
                              20, 8, 0.0, 2.5, 0, LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&group);
    exact_case item = group;
    item.design = LDPC_OPENCL_DESIGN_ITEM_PER_FRAME;
    item.period = 3; /* the syndrome is checked at 3, 6, ... and at the last iteration, 30 */
    run_case(&item);
}

static void dvb_short_layered_offset(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-3/5", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_OFFSET, 25,
                    2, LDPC_OPENCL_DESIGN_GROUP_PER_FRAME, 13, 13, 1.0, 3.5, 0,
                    LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    /* Check degree 11: the item kernel of steps of 4 checks, where some repeats
     * share their step with the earlier check of their variable. */
    c.design = LDPC_OPENCL_DESIGN_ITEM_PER_FRAME;
    run_case(&c);
    /* The latency kernel of degree bound 16. */
    c.design = LDPC_OPENCL_DESIGN_LATENCY;
    c.period = 3;
    run_case(&c);
}

/* Check degree 27: the latency kernel of degree bound 32; the group design on
 * the same frames. */
static void dvb_short_high_rate(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-8/9", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 20,
                    1, LDPC_OPENCL_DESIGN_LATENCY, 12, 5, 3.2, 4.6, 0, LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    c.design = LDPC_OPENCL_DESIGN_GROUP_PER_FRAME;
    c.rule = LDPC_RULE_MIN_SUM_OFFSET;
    c.period = 2;
    run_case(&c);
}

/* Latency groups smaller than the layer (360 checks): every work-item takes
 * several checks, those after its first through records in local memory in
 * the layers that share a variable (as on a device whose largest group for
 * the kernel is 256: groups of 180). */
static void latency_several_checks_per_item(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-1/2", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 30,
                    1, LDPC_OPENCL_DESIGN_LATENCY, 10, 5, 0.0, 2.5, 100,
                    LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    c.code = "dvbs2-short-3/5";
    c.rule = LDPC_RULE_MIN_SUM_OFFSET;
    c.period = 2;
    c.work_group = 7;
    c.ebn0_low = 1.0;
    c.ebn0_high = 3.5;
    run_case(&c);
    c.code = "dvbs2-normal-1/2";
    c.frames = c.batch = 3;
    c.iterations = 15;
    c.work_group = 256;
    c.ebn0_low = 0.8;
    c.ebn0_high = 2.2;
    run_case(&c);
}

/* The latency design with the posteriors in local memory (forced: PoCL's
 * local memory is not dedicated, so "auto" keeps them global there): every
 * degree bound; dvbs2-short-1/2 and -3/5, whose layers share variables
 * (atomic adds on 16-bit halves), and dvbt2-short-3/5, whose layers do not
 * (plain stores); groups of 360, 180 (two checks per work-item, as on the
 * H100), 90 (records and further checks) and 6; both rules; syndrome periods
 * 0, 1, 2 and 3. A normal frame fits PoCL's 512 KiB but not a GPU's 48 KiB
 * (there the global kernel runs, as expect_local_posteriors says). */
static void latency_local_posteriors(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-1/2", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 30,
                    1, LDPC_OPENCL_DESIGN_LATENCY, 20, 8, 0.0, 2.5, 0,
                    LDPC_OPENCL_POSTERIORS_LOCAL,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    c.work_group = 180;
    c.rule = LDPC_RULE_MIN_SUM_OFFSET;
    c.period = 0;
    run_case(&c);
    c.work_group = 100;
    c.period = 2;
    c.frames = 10;
    c.batch = 4;
    run_case(&c);
    c.code = "dvbs2-short-3/5";
    c.work_group = 180;
    c.period = 3;
    c.ebn0_low = 1.0;
    c.ebn0_high = 3.5;
    run_case(&c);
    c.code = "dvbt2-short-3/5";
    c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    c.period = 1;
    run_case(&c);
    c.work_group = 7;
    c.period = 0;
    run_case(&c);
    c.code = "dvbs2-short-8/9";
    c.work_group = 180;
    c.period = 1;
    c.frames = 12;
    c.batch = 5;
    c.ebn0_low = 3.2;
    c.ebn0_high = 4.6;
    run_case(&c);
    c.code = "dvbs2-normal-1/2";
    c.frames = c.batch = 3;
    c.iterations = 15;
    c.ebn0_low = 0.8;
    c.ebn0_high = 2.2;
    run_case(&c);
    /* The same frames with the posteriors forced global: the other kernel. */
    c.posteriors = LDPC_OPENCL_POSTERIORS_GLOBAL;
    run_case(&c);
}

/* The latency design through the circulant tables (forced, and so also
 * where "auto" would keep the posteriors local): every degree bound; layers
 * that share variables (dvbs2-short: atomic adds) and that do not
 * (dvbt2-short-3/5); groups of 360 (a check per work-item) and 180 (two, as
 * on the H100); both rules; syndrome periods 0 to 3; and the slot tables on
 * the same frames, which "auto" no longer gives a DVB code. */
static void latency_circulant_tables(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-1/2", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 30,
                    1, LDPC_OPENCL_DESIGN_LATENCY, 20, 8, 0.0, 2.5, 180,
                    LDPC_OPENCL_POSTERIORS_AUTO, LDPC_OPENCL_TABLES_CIRCULANTS, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    c.tables = LDPC_OPENCL_TABLES_SLOTS;
    run_case(&c);
    c.tables = LDPC_OPENCL_TABLES_CIRCULANTS;
    c.work_group = 0;
    c.rule = LDPC_RULE_MIN_SUM_OFFSET;
    c.period = 0;
    c.posteriors = LDPC_OPENCL_POSTERIORS_LOCAL;
    run_case(&c);
    c.code = "dvbs2-short-3/5";
    c.posteriors = LDPC_OPENCL_POSTERIORS_AUTO;
    c.period = 3;
    c.ebn0_low = 1.0;
    c.ebn0_high = 3.5;
    run_case(&c);
    c.work_group = 180;
    c.period = 2;
    run_case(&c);
    c.tables = LDPC_OPENCL_TABLES_SLOTS;
    run_case(&c);
    c.tables = LDPC_OPENCL_TABLES_AUTO;
    c.code = "dvbt2-short-3/5";
    c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    c.period = 1;
    run_case(&c);
    c.code = "dvbs2-short-8/9";
    c.frames = 12;
    c.batch = 5;
    c.ebn0_low = 3.2;
    c.ebn0_high = 4.6;
    run_case(&c);
    c.code = "dvbs2-normal-1/2";
    c.frames = c.batch = 3;
    c.iterations = 15;
    c.ebn0_low = 0.8;
    c.ebn0_high = 2.2;
    run_case(&c);
}

/* The twins in groups of one DVB layer (one check per work-item) that a call
 * of at most one frame per compute unit takes where the program has them
 * (PoCL: groups of up to 4096): the circulant kernels of bounds 8 and 16 and
 * the local-posterior kernel of bound 8, both rules, periods 1 and 2.
 * run_case asserts which calls took them; the pair kernel's twin runs in
 * latency_frame_pairs' groups of 360. */
static void latency_layer_groups(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-1/2", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 30,
                    1, LDPC_OPENCL_DESIGN_LATENCY, 8, 1, 0.0, 2.5, 0,
                    LDPC_OPENCL_POSTERIORS_GLOBAL, LDPC_OPENCL_TABLES_CIRCULANTS,
                    LDPC_OPENCL_PAIRS_OFF};
    test_opencl_outcome outcome = run_case(&c);
    const uint32_t twins = LDPC_OPENCL_TWIN_CIRCULANT_D8 | LDPC_OPENCL_TWIN_CIRCULANT_D16 |
                           LDPC_OPENCL_TWIN_LOCAL_D8;
    if ((outcome.layer_group_twins & twins) != twins)
        skip();
    assert_int_equal(outcome.layer_group_batches, 8);
    c.code = "dvbs2-short-3/5";
    c.rule = LDPC_RULE_MIN_SUM_OFFSET;
    c.period = 2;
    c.ebn0_low = 1.0;
    c.ebn0_high = 3.5;
    outcome = run_case(&c);
    assert_int_equal(outcome.layer_group_batches, 8);
    c.code = "dvbs2-short-1/2";
    c.tables = LDPC_OPENCL_TABLES_SLOTS;
    c.posteriors = LDPC_OPENCL_POSTERIORS_LOCAL;
    c.ebn0_low = 0.0;
    c.ebn0_high = 2.5;
    outcome = run_case(&c);
    assert_int_equal(outcome.latency_local_batches, 8);
    assert_int_equal(outcome.layer_group_batches, 8);
}

/* Two frames per work-group (the pair kernel, forced: "auto" takes it in
 * passes of at least 4 frames per compute unit): DVB-S2 short 1/2 through
 * the slot tables, whose layers share variables (packed atomic adds, and
 * records for a work-item's further checks in groups of 180 and 100), and
 * groups of 360 (a check per work-item); calls of an odd number of frames
 * (the last pair's second half is no frame), one frame per call, both
 * rules, syndrome periods 0 to 3, and frames of a pair that converge at
 * different iterations or not at all (latency_pairs_freeze_retired_frames
 * shows the one that retires first must stay as it was). The same frames
 * with pairs off run the one-frame kernel. */
static void latency_frame_pairs(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-1/2", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 30,
                    1, LDPC_OPENCL_DESIGN_LATENCY, 21, 7, 0.0, 2.5, 180,
                    LDPC_OPENCL_POSTERIORS_GLOBAL, LDPC_OPENCL_TABLES_SLOTS,
                    LDPC_OPENCL_PAIRS_ON};
    test_opencl_outcome outcome = run_case(&c);
    /* Converged at several different iterations. */
    uint32_t at = outcome.converged_at, different = 0;
    for (; at != 0; at &= at - 1)
        different++;
    assert_true(different >= 3);
    c.pairs = LDPC_OPENCL_PAIRS_OFF;
    run_case(&c);
    c.pairs = LDPC_OPENCL_PAIRS_ON;
    c.work_group = 0;
    c.rule = LDPC_RULE_MIN_SUM_OFFSET;
    c.period = 3;
    c.batch = 21;
    run_case(&c);
    c.period = 0;
    c.iterations = 20;
    c.ebn0_high = 3.5;
    run_case(&c);
    c.work_group = 180;
    c.period = 2;
    c.iterations = 25;
    c.frames = 6;
    c.batch = 1;
    run_case(&c);
    /* Groups of 100: four checks per work-item in a layer of 360, three
     * of them through records where the layer shares a variable. */
    c.work_group = 100;
    c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    c.period = 1;
    c.frames = 9;
    c.batch = 9;
    run_case(&c);
}

/* Runs a case with pairs on: every pass ran the pair kernel of this bound. */
static void run_pair_bound_case(const exact_case *c, uint32_t bound)
{
    test_opencl_outcome outcome = run_case(c);
    assert_true(outcome.pair_batches > 0);
    for (size_t i = 0; i < LDPC_OPENCL_PAIR_KERNELS; i++)
        assert_int_equal(outcome.pair_bound_batches[i],
                         outcome.pair_kernel_bounds[i] == bound ? outcome.pair_batches : 0);
}

/* The pair kernel of a larger check degree bound on two codes, `first` and
 * `second` (`iterations` each, frames between the Eb/N0 bounds given): the
 * first in groups of 180 with pairs on and off, then in groups of 100
 * (further checks through records) with the offset rule, a syndrome every
 * 2 iterations and an odd call of 13 frames; the second in groups of 100
 * and of 180 with both rules. */
typedef struct {
    const char *code;
    double ebn0_low, ebn0_high;
} pair_bound_code;

static void pair_bound_cases(uint32_t bound, pair_bound_code first, pair_bound_code second,
                             uint32_t iterations)
{
    exact_case c = {first.code, LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, iterations,
                    1, LDPC_OPENCL_DESIGN_LATENCY, 13, 13, first.ebn0_low, first.ebn0_high, 180,
                    LDPC_OPENCL_POSTERIORS_GLOBAL, LDPC_OPENCL_TABLES_SLOTS,
                    LDPC_OPENCL_PAIRS_ON};
    run_pair_bound_case(&c, bound);
    c.pairs = LDPC_OPENCL_PAIRS_OFF;
    run_case(&c);
    c.pairs = LDPC_OPENCL_PAIRS_ON;
    c.work_group = 100;
    c.rule = LDPC_RULE_MIN_SUM_OFFSET;
    c.period = 2;
    run_pair_bound_case(&c, bound);
    c.code = second.code;
    c.ebn0_low = second.ebn0_low;
    c.ebn0_high = second.ebn0_high;
    run_pair_bound_case(&c, bound);
    c.work_group = 180;
    c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    c.period = 1;
    run_pair_bound_case(&c, bound);
}

/* Bound 14 (three-word records, tight arrays): check degrees 9 to 13
 * (dvbs2-short-3/4, irregular) and 11 (short 3/5). */
static void latency_frame_pairs_degree_14(void **state)
{
    (void)state;
    pair_bound_cases(14, (pair_bound_code){"dvbs2-short-3/4", 2.0, 4.5},
                     (pair_bound_code){"dvbs2-short-3/5", 1.0, 3.5}, 25);
}

/* Bound 24 (five-word records): check degrees 15 to 19 (dvbs2-short-5/6)
 * and 18 (dvbs2-normal-4/5). */
static void latency_frame_pairs_degree_24(void **state)
{
    (void)state;
    pair_bound_cases(24, (pair_bound_code){"dvbs2-short-5/6", 2.4, 4.2},
                     (pair_bound_code){"dvbs2-normal-4/5", 2.2, 3.2}, 20);
}

/* Bound 32: check degrees 27 (dvbs2-short-8/9, whose layers share variables)
 * and 30 (dvbs2-normal-9/10). */
static void latency_frame_pairs_degree_32(void **state)
{
    (void)state;
    pair_bound_cases(32, (pair_bound_code){"dvbs2-short-8/9", 3.2, 4.6},
                     (pair_bound_code){"dvbs2-normal-9/10", 3.4, 4.4}, 20);
}

/* AUTO's threshold for pairs in calls of 3 frames per compute unit: above it
 * for the kernel of bound 24 (dvbs2-short-5/6), below it for bound 14
 * (dvbs2-short-3/4). */
static void latency_frame_pairs_auto_threshold(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err),
                     LDPC_OK);
    uint32_t units = test_opencl_stats(decoder).compute_units;
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);

    exact_case c = {"dvbs2-short-5/6", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 20,
                    1, LDPC_OPENCL_DESIGN_AUTO, 6 * units + 1, 3 * units, 2.4, 4.2, 0,
                    LDPC_OPENCL_POSTERIORS_AUTO, LDPC_OPENCL_TABLES_AUTO,
                    LDPC_OPENCL_PAIRS_AUTO};
    assert_int_equal(run_case(&c).pair_batches, 2);
    c.code = "dvbs2-short-3/4";
    c.ebn0_low = 2.0;
    c.ebn0_high = 4.5;
    assert_int_equal(run_case(&c).pair_batches, 0);
}

/* Two frames (llr, `code->n` values each) as one pair through the pair kernel
 * (posteriors in global memory, slot tables), `iterations` iterations and a
 * syndrome every iteration, in groups of each size of `groups` (0: the
 * device's): exact with the reference, with the iterations at which the
 * reference converges them (`converged_at`) and `failed` frames that never
 * converge. */
static void expect_pair_exact(const ldpc_code *code, const float *llr, uint32_t iterations,
                              uint32_t converged_at, uint32_t failed, const uint32_t *groups,
                              size_t group_count)
{
    ldpc_decoder_config config = test_opencl_decoder_config(
        LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, iterations, 1);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_LATENCY);
    opencl.latency_posteriors = LDPC_OPENCL_POSTERIORS_GLOBAL;
    opencl.latency_tables = LDPC_OPENCL_TABLES_SLOTS;
    opencl.latency_pairs = LDPC_OPENCL_PAIRS_ON;
    for (size_t g = 0; g < group_count; g++) {
        opencl.work_group_size = groups[g];
        test_opencl_outcome outcome = test_opencl_compare(code, &config, &opencl, llr, 2, 2);
        assert_int_equal(outcome.pair_batches, 1);
        assert_int_equal(outcome.converged_at, converged_at);
        assert_int_equal(outcome.failed, failed);
    }
}

/* A (3,6)-regular code of 24 bits on which min-sum can satisfy every check
 * at one iteration and leave that codeword at the next: frame 0 below (found
 * by searching the reference) converges at iteration 2, but decoded on for
 * 20 iterations it ends with 5 unsatisfied checks and other bits. Paired with
 * a frame that never converges, it retires while its partner decodes on, and
 * must stay as it was: without the freeze of its half, its bits and
 * statistics are those of the longer decode. */
static void latency_pairs_freeze_retired_frames(void **state)
{
    (void)state;
    test_opencl_require();
    static const int rows[][8] = {
        {12, 24, 9, 3, 18, 14},  {7, 18, 19, 3, 22, 1},  {15, 17, 8, 23, 4, 2},
        {12, 3, 17, 20, 1, 8},   {5, 13, 4, 10, 24, 11}, {21, 9, 18, 20, 16, 24},
        {9, 22, 15, 21, 11, 2},  {20, 13, 1, 2, 7, 6},   {10, 19, 8, 21, 5, 14},
        {13, 6, 19, 23, 15, 17}, {22, 11, 23, 7, 4, 16}, {10, 5, 6, 16, 12, 14}};
    static const int row_degree[] = {6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6};
    static const float converges_then_leaves[24] = {
        1.8669f, 1.6457f, 1.9496f, 0.5160f, 0.3907f,  1.0240f, 1.5174f,  -1.1056f,
        2.0865f, 3.7883f, 1.3809f, 0.4556f, -0.9223f, 0.3169f, 0.3728f,  2.2746f,
        1.7821f, 1.3996f, 2.3465f, 1.5827f, 3.7078f,  -1.0583f, 1.8375f, 1.0841f};
    static const float never_converges[24] = {
        3.0027f,  0.3941f,  3.5569f,  1.3054f,  0.2691f,  1.4579f, 3.8816f,  0.5915f,
        -0.6012f, 1.4342f,  3.8264f,  -1.0422f, -1.6058f, 0.3799f, 0.5633f,  3.7779f,
        -1.0695f, -1.2114f, 1.8679f,  1.4752f,  0.0914f,  3.6650f, -0.7069f, -0.5027f};
    char path[32], name[64];
    test_opencl_write_alist(24, 12, rows, row_degree, path);
    snprintf(name, sizeof name, "alist:%s", path);
    ldpc_code *code = test_opencl_code(name);
    float llr[2 * 24];
    memcpy(llr, converges_then_leaves, sizeof converges_then_leaves);
    memcpy(llr + 24, never_converges, sizeof never_converges);
    const uint32_t device_group[] = {0};
    expect_pair_exact(code, llr, 20, 1u << 2, 1, device_group, 1);
    ldpc_code_destroy(code);
    unlink(path);
}

/* Frames `first` and `second` of a call of 32 dvbs2-short-1/2 frames at
 * 0.7-1.2 dB (test_opencl_frames, `seed`) as one pair, 30 iterations
 * (expect_pair_exact). */
static void freeze_case(uint64_t seed, size_t first, size_t second, uint32_t converged_at,
                        uint32_t failed, const uint32_t *groups, size_t group_count)
{
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    size_t n = code->n;
    float *generated = test_opencl_frames(code, 32, 0.7, 1.2, seed);
    float *llr = malloc(2 * n * sizeof *llr);
    assert_non_null(llr);
    memcpy(llr, generated + first * n, n * sizeof *llr);
    memcpy(llr + n, generated + second * n, n * sizeof *llr);
    expect_pair_exact(code, llr, 30, converged_at, failed, groups, group_count);
    free(llr);
    free(generated);
    ldpc_code_destroy(code);
}

/* The same freeze where the layer's checks share variables, which the (3,6)
 * code above, one check per layer, never reaches; frames found by searches
 * over the CPU decoder and over PoCL with the freeze removed (throwaway
 * programs). A frame that converges at iteration 26 of 30 and would leave
 * that codeword (2 bits) if it decoded on, beside one that never converges,
 * in groups of 360 (one check per work-item) and 180: fails without the
 * freeze of pair_new_message (as the (3,6) case does). And a frame that converges at
 * iteration 14 in the high half beside one that converges at 19, in groups
 * of 180: fails without the freeze in pair_apply (the records of a
 * work-item's second check). */
static void latency_pairs_freeze_in_sharing_layers(void **state)
{
    (void)state;
    test_opencl_require();
    const uint32_t both[] = {360, 180}, records[] = {180};
    freeze_case(127, 31, 26, 1u << 26, 1, both, 2);
    freeze_case(94, 28, 29, 1u << 19 | 1u << 14, 0, records, 1);
}

/* A code of one layer (a single parity check over 8 bits): the messages
 * loaded for the next layer are the ones the current layer just wrote. */
static void latency_local_single_layer(void **state)
{
    (void)state;
    test_opencl_require();
    static const int rows[][8] = {{1, 2, 3, 4, 5, 6, 7, 8}};
    static const int row_degree[] = {8};
    char path[32], name[64];
    test_opencl_write_alist(8, 1, rows, row_degree, path);
    snprintf(name, sizeof name, "alist:%s", path);
    exact_case c = {name, LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_OFFSET, 10, 1,
                    LDPC_OPENCL_DESIGN_LATENCY, 64, 30, -2.0, 3.0, 0,
                    LDPC_OPENCL_POSTERIORS_LOCAL,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    c.period = 3;
    run_case(&c);
    /* Global posteriors: the pair kernel, its layer's checks in one group. */
    c.posteriors = LDPC_OPENCL_POSTERIORS_GLOBAL;
    c.batch = 31;
    run_case(&c);
    unlink(path);
}

/* Batches whose transfers go in several chunks (1 MiB each at least): 150
 * dvbs2-short frames are 2.4 MB of input and of decisions, 3 chunks each way;
 * the partial last batch goes in 1. */
static void chunked_transfers(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-1/2", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 6,
                    1, LDPC_OPENCL_DESIGN_AUTO, 170, 150, 0.5, 4.5, 0, LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
}

static void dvb_short_flooding(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-1/2", LDPC_SCHEDULE_FLOODING, LDPC_RULE_MIN_SUM_OFFSET, 30, 1,
                    LDPC_OPENCL_DESIGN_AUTO, 11, 4, 0.5, 3.0, 0, LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    c.design = LDPC_OPENCL_DESIGN_ITEM_PER_FRAME;
    c.period = 4;
    run_case(&c);
}

static void dvb_normal_both_schedules(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-normal-1/2", LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 15,
                    1, LDPC_OPENCL_DESIGN_AUTO, 4, 4, 0.8, 2.2, 0, LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    c.design = LDPC_OPENCL_DESIGN_GROUP_PER_FRAME;
    c.period = 2;
    run_case(&c);
    c.design = LDPC_OPENCL_DESIGN_AUTO;
    c.schedule = LDPC_SCHEDULE_FLOODING;
    c.rule = LDPC_RULE_MIN_SUM_OFFSET;
    c.iterations = 20;
    c.period = 2;
    c.ebn0_high = 2.8;
    run_case(&c);
}

/* The spread design's early termination lags two launches behind the
 * iterations (a frame's syndrome count is complete one launch after its
 * iteration and read one launch later), so frames that converge at the
 * first iterations, at max_iterations - 1 and at max_iterations, and
 * syndrome periods that skip iterations, are what can go wrong. */
static void flooding_spread_early_termination(void **state)
{
    (void)state;
    exact_case c = {"dvbs2-short-1/2", LDPC_SCHEDULE_FLOODING, LDPC_RULE_MIN_SUM_OFFSET, 3, 1,
                    LDPC_OPENCL_DESIGN_SPREAD, 24, 8, 3.0, 10.0, 0, LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    /* Converged at the first, the next to last and the last iteration. */
    assert_int_equal(run_case(&c).converged_at, 0xEu);
    c.iterations = 1;
    c.ebn0_low = 8.0;
    c.ebn0_high = 14.0;
    run_case(&c);
    c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    c.iterations = 9;
    c.period = 2;
    c.ebn0_low = 2.0;
    c.ebn0_high = 8.0;
    /* Only due iterations (2, 4, 6, 8 and 9) end a frame, 8 and 9 among them. */
    uint32_t at = run_case(&c).converged_at;
    assert_int_equal(at & ~0x354u, 0);
    assert_int_equal(at & 0x300u, 0x300u);
    c.period = 0;
    c.iterations = 5;
    assert_int_equal(run_case(&c).converged_at, 1u << 5);
    /* Calls of more frames than the spread design takes: the group design. */
    c.batch = LDPC_OPENCL_SPREAD_MAX_FRAMES + 1;
    c.frames = c.batch;
    c.period = 3;
    run_case(&c);
}

/* One check per layer: a work-group per frame with one busy work-item. */
static void alist_code(void **state)
{
    (void)state;
    exact_case c = {ALIST_MACKAY, LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, 40, 1,
                    LDPC_OPENCL_DESIGN_GROUP_PER_FRAME, 40, 16, 1.0, 3.5, 0,
                    LDPC_OPENCL_POSTERIORS_AUTO,
                    LDPC_OPENCL_TABLES_AUTO, LDPC_OPENCL_PAIRS_AUTO};
    run_case(&c);
    c.design = LDPC_OPENCL_DESIGN_LATENCY;
    c.period = 2;
    run_case(&c);
    c.posteriors = LDPC_OPENCL_POSTERIORS_LOCAL;
    run_case(&c);
    c.schedule = LDPC_SCHEDULE_FLOODING;
    c.period = 5;
    run_case(&c);
}

/* The configurations of the pass tests: 16-bit layered (latency design),
 * saturated 8-bit (item design) and flooding (spread design). */
static void pass_test_configs(ldpc_decoder_config configs[3])
{
    configs[0] = test_opencl_decoder_config(LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_OFFSET, 12, 1);
    configs[1] = test_opencl_decoder_config(LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_OFFSET, 12, 2);
    configs[1].posterior_bits = 8;
    configs[1].message_cap = 31;
    configs[2] =
        test_opencl_decoder_config(LDPC_SCHEDULE_FLOODING, LDPC_RULE_MIN_SUM_NORMALIZED, 12, 1);
}

/* A call of more frames than one device pass holds (max_buffer_bytes small
 * enough for a few frames) is decoded in several passes of equal size (within
 * a frame), each through the same buffers, with the reference's results for
 * every frame: 16-bit layered (latency design), saturated 8-bit (item design)
 * and flooding (spread, whose frames per pass are capped by the same sizes). */
static void calls_in_several_passes(void **state)
{
    (void)state;
    test_opencl_require();
    enum { CALL_FRAMES = 23 };
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, CALL_FRAMES, 0.5, 3.5, 0x5a55);
    ldpc_decoder_config configs[3];
    pass_test_configs(configs);
    for (size_t i = 0; i < 3; i++) {
        cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
        opencl.max_buffer_bytes = 400000; /* 16200 variables: a few frames */
        ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, CALL_FRAMES);
        ldpc_decoder *decoder = NULL;
        ldpc_error err = {{0}};
        if (cl_options_decoder_create(&configs[i], &limits, &opencl, &decoder, &err) != LDPC_OK)
            fail_msg("opencl decoder: %s", err.message);
        ldpc_opencl_stats stats = test_opencl_stats(decoder);
        assert_true(stats.on_device);
        uint32_t per_pass = stats.frames_per_pass;
        if (per_pass < 2 || per_pass >= CALL_FRAMES)
            fail_msg("config %zu: %u frames per pass", i, per_pass);
        test_opencl_expect_reference(decoder, code, llr, CALL_FRAMES);
        stats = test_opencl_stats(decoder);
        assert_int_equal(stats.frames_on_cpu, 0);
        assert_int_equal(stats.split_calls, 1);
        assert_int_equal(stats.batches, (CALL_FRAMES + per_pass - 1) / per_pass);
        ldpc_decoder_destroy(decoder);
    }
    free(llr);
    ldpc_code_destroy(code);
}

/* Pipelined passes (pipeline_frames): a call cut into passes that alternate
 * between the two halves of the staging, each pass's results copied out
 * while the next is on the device, gives the reference's results for every
 * frame, in the three designs of calls_in_several_passes; with the call's
 * buffers (23 frames: slots of 11, so 23 / 4 = 5 passes, the first and last
 * half the others: 2, 6, 6, 6, 3 frames), and with buffers of a few frames
 * (more passes of equal size, each within half of them). */
static void pipelined_passes(void **state)
{
    (void)state;
    test_opencl_require();
    enum { CALL_FRAMES = 23 };
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, CALL_FRAMES, 0.5, 3.5, 0x919e);
    ldpc_decoder_config configs[3];
    pass_test_configs(configs);
    const struct {
        size_t max_buffer_bytes;
        uint32_t pipeline_frames;
    } cases[] = {{0, 4}, {400000, 2}};
    for (size_t i = 0; i < 3; i++)
        for (size_t c = 0; c < 2; c++) {
            cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
            opencl.max_buffer_bytes = cases[c].max_buffer_bytes;
            opencl.pipeline_frames = cases[c].pipeline_frames;
            ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, CALL_FRAMES);
            ldpc_decoder *decoder = NULL;
            ldpc_error err = {{0}};
            if (cl_options_decoder_create(&configs[i], &limits, &opencl, &decoder, &err) !=
                LDPC_OK)
                fail_msg("opencl decoder: %s", err.message);
            ldpc_opencl_stats stats = test_opencl_stats(decoder);
            assert_int_equal(stats.pipeline_frames, cases[c].pipeline_frames);
            uint32_t slot = stats.frames_per_pass / 2;
            uint32_t passes = CALL_FRAMES / cases[c].pipeline_frames;
            passes = passes > 8 ? 8 : passes;
            if ((CALL_FRAMES + slot - 1) / slot > passes)
                passes = (CALL_FRAMES + slot - 1) / slot;
            test_opencl_expect_reference(decoder, code, llr, CALL_FRAMES);
            stats = test_opencl_stats(decoder);
            assert_int_equal(stats.frames_on_cpu, 0);
            assert_int_equal(stats.pipelined_calls, 1);
            if (stats.batches != passes || passes < 5)
                fail_msg("config %zu, case %zu: %llu passes, expected %u (>= 5)", i, c,
                         (unsigned long long)stats.batches, passes);
            ldpc_decoder_destroy(decoder);
        }
    free(llr);
    ldpc_code_destroy(code);
}

/* A pipelined call of fewer frames than graded passes would need (10 frames
 * in 8 passes: ends of half an inner pass would hold no frame) decodes in
 * passes of equal size, on the device, as the reference does. */
static void pipelined_passes_of_few_frames(void **state)
{
    (void)state;
    test_opencl_require();
    enum { CALL_FRAMES = 10 };
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, CALL_FRAMES, 0.5, 3.5, 0x5eed);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.pipeline_frames = 1;
    /* staging slots of 11 frames: inner passes would fit them */
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 23);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err) != LDPC_OK)
        fail_msg("opencl decoder: %s", err.message);
    test_opencl_expect_reference(decoder, code, llr, CALL_FRAMES);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.frames_on_cpu, 0);
    assert_int_equal(stats.pipelined_calls, 1);
    assert_int_equal(stats.batches, 8);
    ldpc_decoder_destroy(decoder);
    free(llr);
    ldpc_code_destroy(code);
}

/* Offsets beyond 2^32 elements, which 32-bit ones wrap: the group design
 * starts a frame's messages at frame x max_edges, so with limits of 2^24
 * edges frame 256 of a batch of 257 starts at 2^32 (and would wrap onto frame
 * 0). Opt-in (LDPC_TEST_LARGE_BUFFERS=1): a batch clears its frames' message
 * rows, here 4 GiB, and the device must allow buffers that large. */
static void offsets_beyond_32_bits(void **state)
{
    (void)state;
    test_opencl_require();
    const char *large = getenv("LDPC_TEST_LARGE_BUFFERS");
    if (large == NULL || strcmp(large, "1") != 0) {
        print_message("  LDPC_TEST_LARGE_BUFFERS=1 runs it (4 GiB of messages), skipped\n");
        skip();
    }
    const uint32_t frames = 257;
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, frames, 0.5, 2.5, 0x4b1);
    ldpc_decoder_config config = test_opencl_decoder_config(
        LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_OFFSET, 10, 1);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_GROUP_PER_FRAME);
    opencl.max_buffer_bytes = (size_t)8 << 30; /* one pass, not the default's several */
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    limits.max_edges = 1u << 24;
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err) != LDPC_OK)
        fail_msg("opencl decoder: %s", err.message);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    if (!stats.on_device)
        fail_msg("not on the device (largest allocation %llu bytes): %s",
                 (unsigned long long)stats.max_alloc_bytes, stats.fallback_reason);
    test_opencl_expect_reference(decoder, code, llr, frames);
    stats = test_opencl_stats(decoder);
    assert_int_equal(stats.frames_on_cpu, 0);
    assert_int_equal(stats.batches_group_per_frame, 1);
    ldpc_decoder_destroy(decoder);
    free(llr);
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dvb_short_layered_normalized),
        cmocka_unit_test(dvb_short_layered_offset),
        cmocka_unit_test(dvb_short_high_rate),
        cmocka_unit_test(latency_several_checks_per_item),
        cmocka_unit_test(latency_circulant_tables),
        cmocka_unit_test(latency_layer_groups),
        cmocka_unit_test(latency_frame_pairs),
        cmocka_unit_test(latency_frame_pairs_degree_14),
        cmocka_unit_test(latency_frame_pairs_degree_24),
        cmocka_unit_test(latency_frame_pairs_degree_32),
        cmocka_unit_test(latency_frame_pairs_auto_threshold),
        cmocka_unit_test(latency_pairs_freeze_retired_frames),
        cmocka_unit_test(latency_pairs_freeze_in_sharing_layers),
        cmocka_unit_test(latency_local_posteriors),
        cmocka_unit_test(latency_local_single_layer),
        cmocka_unit_test(chunked_transfers),
        cmocka_unit_test(dvb_short_flooding),
        cmocka_unit_test(dvb_normal_both_schedules),
        cmocka_unit_test(flooding_spread_early_termination),
        cmocka_unit_test(alist_code),
        cmocka_unit_test(calls_in_several_passes),
        cmocka_unit_test(pipelined_passes),
        cmocka_unit_test(pipelined_passes_of_few_frames),
        cmocka_unit_test(offsets_beyond_32_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
