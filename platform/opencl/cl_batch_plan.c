#include "cl_batch_plan.h"
#include "code/code_struct.h"
#include "common/frame_decoder.h"

/* "auto": the latency design wherever it takes the code, at every batch size:
 * one work-group per frame with every iteration in one launch was the fastest
 * design for throughput as well as latency on the GPUs and on PoCL measured.
 * Flooding calls of at most spread_frames frames take the spread design.
 * Else (flooding, check degree above 32, a layer too large for local memory)
 * the group design for small batches and the item design from the vendor
 * row's item_min_frames on. */

/* The latency kernel for a check degree bound: 8, 16, 32. */
static size_t latency_kernel_index(uint32_t max_check_degree)
{
    return max_check_degree <= 8 ? 0 : max_check_degree <= 16 ? 1 : 2;
}

/* Local memory of a latency group: the records of its checks (two words per
 * check of the largest layer), beside the rule table and a flag. */
static size_t latency_record_bytes(const cl_code_tables *tables)
{
    return 2 * (size_t)tables->max_layer_size * sizeof(cl_uint);
}

/* The latency kernels take the code: latency tables (check degree <= 32) and
 * the records of its largest layer in local memory. */
static int latency_fits(const cl_decoder *d, const cl_code_tables *tables)
{
    size_t kernel = latency_kernel_index(tables->max_check_degree);
    return d->iterate_latency[kernel] != NULL && tables->latency_slots > 0 &&
           tables->max_layer_size > 0 &&
           latency_record_bytes(tables) + 1024 <= d->local_memory;
}

/* Local memory of a latency group with the frame's posteriors there: two
 * bytes per variable in whole 32-bit words. */
static size_t latency_posterior_bytes(const cl_code_tables *tables)
{
    return cl_round_up(tables->n, 2) * sizeof(cl_ushort);
}

/* The latency design keeps the posteriors in local memory where they fit
 * beside the records, the rule table and the flag, when LOCAL forces it or,
 * for AUTO, where that is faster: at check degree bound 8 at every batch
 * size, and at bound 16 in small calls (in large ones the global bound-16
 * kernel, which reads the first check's messages a layer ahead, is faster;
 * at bound 32 the local kernel's extra registers cost more than it saves);
 * only where local memory is dedicated (CL_LOCAL): Mali and PoCL's CPU
 * device report CL_GLOBAL, ordinary memory by another name. */
static int small_call(const cl_decoder *d, uint32_t frames)
{
    return frames <= d->session.vendor->thresholds.small_call_per_unit *
                         (uint64_t)d->stats.compute_units;
}

static int latency_local_posteriors(const cl_decoder *d, const cl_code_tables *tables,
                                    uint32_t frames)
{
    ldpc_opencl_posterior_memory memory = d->opencl.latency_posteriors;
    size_t kernel = latency_kernel_index(tables->max_check_degree);
    int fits = d->iterate_latency_local[kernel] != NULL &&
               latency_posterior_bytes(tables) + latency_record_bytes(tables) + 1024 <=
                   d->local_memory;
    if (memory == LDPC_OPENCL_POSTERIORS_AUTO)
        return fits && d->local_memory_dedicated &&
               (tables->max_check_degree <= 8 ||
                (tables->max_check_degree <= 16 && small_call(d, frames)));
    return fits && memory == LDPC_OPENCL_POSTERIORS_LOCAL;
}

/* The circulant kernels take a code with circulant tables (layers of
 * FRAME_GROUP = 360 checks) where a group holds half a layer (at most two
 * checks per work-item), the tables in local memory beside the rule table
 * and a flag. CIRCULANTS takes them
 * wherever they fit, SLOTS never. AUTO takes them with the posteriors in
 * global memory (local posteriors have no circulant kernel) where one table
 * word per block edge saves more than the circulant arithmetic costs: above
 * degree bound 8 at any size, and at bound 8 in small calls. */
static int latency_circulants(const cl_decoder *d, const cl_code_tables *tables,
                              int local_posteriors, uint32_t frames)
{
    ldpc_opencl_latency_tables choice = d->opencl.latency_tables;
    size_t kernel = latency_kernel_index(tables->max_check_degree);
    int fits = tables->circulant_words > 0 && d->iterate_circulant[kernel] != NULL &&
               2 * d->circulant_group_cap[kernel] >= FRAME_GROUP &&
               (size_t)tables->circulant_words * sizeof(cl_uint) + 1024 <= d->local_memory;
    if (choice == LDPC_OPENCL_TABLES_AUTO)
        return fits && !local_posteriors &&
               (tables->max_check_degree > 8 || small_call(d, frames));
    return fits && choice == LDPC_OPENCL_TABLES_CIRCULANTS;
}

/* The pair kernels (check degree bounds cl_pair_bounds, slot tables,
 * posteriors in global memory) take a pass where ON asks for it or, for
 * AUTO, in passes large enough per compute unit (the vendor row's
 * pairs_min_per_unit, pairs_min_per_unit_wide for bounds above 16): one slot
 * word, address and load serves two frames once the device is full. A
 * configuration that forces local posteriors or circulant tables keeps them. */

/* The pair kernel for a check degree: the smallest bound at or above it, or
 * CL_PAIR_KERNELS where none is. */
static size_t pair_kernel_index(uint32_t max_check_degree)
{
    size_t kernel = 0;
    while (kernel < CL_PAIR_KERNELS && cl_pair_bounds[kernel] < max_check_degree)
        kernel++;
    return kernel;
}

/* Local memory of a pair group's records: per check of the largest layer two
 * words up to check degree 8, else one and two per 16 slots (pair_record). */
static size_t pair_record_bytes(const cl_code_tables *tables, size_t kernel)
{
    uint32_t bound = cl_pair_bounds[kernel];
    size_t words = bound <= 8 ? 2 : 1 + 2 * ((bound + 15) / 16);
    return words * (size_t)tables->max_layer_size * sizeof(cl_uint);
}

/* Whether the pass takes the pair kernel `kernel` (pair_kernel_index). */
static int latency_pairs(const cl_decoder *d, const cl_code_tables *tables, size_t kernel,
                         uint32_t frames)
{
    const cl_options *o = &d->opencl;
    /* the kernel's byte offsets (WORD_AT) stay 32-bit */
    int offsets_fit = tables->n <= UINT32_MAX / 4 && tables->latency_slots <= UINT32_MAX / 4;
    int fits = kernel < CL_PAIR_KERNELS && d->iterate_pairs[kernel] != NULL && offsets_fit &&
               pair_record_bytes(tables, kernel) + 1024 <= d->local_memory &&
               o->latency_posteriors != LDPC_OPENCL_POSTERIORS_LOCAL &&
               o->latency_tables != LDPC_OPENCL_TABLES_CIRCULANTS;
    const cl_auto_thresholds *t = &d->session.vendor->thresholds;
    uint64_t per_unit = kernel < CL_PAIR_KERNELS && cl_pair_bounds[kernel] > 16
                            ? t->pairs_min_per_unit_wide
                            : t->pairs_min_per_unit;
    if (o->latency_pairs == LDPC_OPENCL_PAIRS_AUTO)
        return fits && frames >= per_unit * d->stats.compute_units;
    return fits && o->latency_pairs == LDPC_OPENCL_PAIRS_ON;
}

/* The twin of the pass's kernel in groups of one DVB layer (one check per
 * work-item), where the program has it, or NULL. A whole layer per group
 * shortens a lone frame's path (1.2-1.3x for the circulant and
 * local-posterior kernels at one frame per compute unit), but from two
 * frames per unit three groups of half a layer share a compute unit better
 * than one of a whole layer holds it (0.86x): so these two only up to one
 * frame per unit. The pair kernels take theirs at every size (1.1x for
 * short frames in large calls, level for normal ones). */
static cl_kernel layer_group_kernel(const cl_decoder *d, const cl_batch_plan *p, size_t kernel,
                                    uint32_t frames)
{
    int one_per_unit = frames <= d->stats.compute_units;
    if (p->circulants)
        return one_per_unit ? d->iterate_circulant_layer[kernel] : NULL;
    if (p->tables.max_layer_size != FRAME_GROUP)
        return NULL;
    if (p->pairs)
        return d->iterate_pairs_layer[kernel];
    if (p->local_posteriors)
        return one_per_unit ? d->iterate_latency_local_layer[kernel] : NULL;
    return NULL;
}

ldpc_opencl_design cl_choose_design(const cl_decoder *d, const cl_code_tables *tables,
                                        uint32_t frames)
{
    if (cl_decoder_saturated_by_layer(d))
        return LDPC_OPENCL_DESIGN_LATENCY; /* opencl_init refused the others */
    if (cl_decoder_saturated(d))
        return LDPC_OPENCL_DESIGN_ITEM_PER_FRAME; /* opencl_init refused group and latency */
    ldpc_opencl_design design = d->opencl.design;
    int spread_fits = frames <= d->spread_frames; /* flooding only: else 0 frames */
    if (design == LDPC_OPENCL_DESIGN_AUTO) {
        if (latency_fits(d, tables))
            return LDPC_OPENCL_DESIGN_LATENCY;
        if (spread_fits)
            return LDPC_OPENCL_DESIGN_SPREAD;
        return frames < d->session.vendor->thresholds.item_min_frames
                   ? LDPC_OPENCL_DESIGN_GROUP_PER_FRAME
                   : LDPC_OPENCL_DESIGN_ITEM_PER_FRAME;
    }
    if ((design == LDPC_OPENCL_DESIGN_LATENCY && !latency_fits(d, tables)) ||
        (design == LDPC_OPENCL_DESIGN_SPREAD && !spread_fits))
        design = LDPC_OPENCL_DESIGN_GROUP_PER_FRAME;
    return design;
}

/* The largest divisor of `layer` not above `cap`, so that every work-item of a
 * DVB layer (360 checks) gets the same number of checks. */
static size_t group_size_for_layer(size_t layer, size_t cap)
{
    if (layer == 0 || layer <= cap)
        return layer == 0 ? cap : layer;
    for (size_t size = cap; size > 1; size--)
        if (layer % size == 0)
            return size;
    return cap;
}

/* The item kernel for this code: for the layered schedule the one with the
 * smallest check degree bound that fits. */
static cl_kernel item_kernel_for(const cl_decoder *d, const ldpc_code *code)
{
    if (d->config.schedule != LDPC_SCHEDULE_LAYERED)
        return d->iterate_item[0];
    return d->iterate_item[cl_layered_item_kernel_for(code->max_check_degree)];
}

/* posterior_at's formats for the latency design's biased 16-bit posteriors,
 * one frame or two interleaved (kernels/00_fixed_point.cl). */
#define POSTERIOR_BIASED 3u
#define POSTERIOR_PAIRED 5u

/* The format of a batch's posteriors: the bytes of a signed value, or
 * POSTERIOR_BIASED (half the bytes of ints), or
 * POSTERIOR_PAIRED for the pair kernel. */
static cl_uint posterior_format(const cl_decoder *d, ldpc_opencl_design design, int pairs)
{
    if (cl_decoder_saturated(d))
        return 1;
    if (design == LDPC_OPENCL_DESIGN_LATENCY)
        return pairs ? POSTERIOR_PAIRED : POSTERIOR_BIASED;
    if (design == LDPC_OPENCL_DESIGN_ITEM_PER_FRAME &&
        d->config.schedule == LDPC_SCHEDULE_LAYERED)
        return 2;
    return 4;
}

/* Local memory of a saturated-by-layer group (29_layered_saturated_layer.cl):
 * the circulant words, a byte per block edge and per layer, and a change
 * per block position for each shared block edge of a layer (at most a
 * check's degree of them). */
static size_t saturated_layer_local_bytes(const cl_code_tables *tables)
{
    size_t words = tables->circulant_words, layers = tables->layer_count;
    size_t block_edges = words - layers - 1;
    return cl_round_up(words * sizeof(cl_uint) + block_edges + layers +
                           (size_t)tables->max_check_degree * FRAME_GROUP,
                       sizeof(cl_uint));
}

/* Saturated posteriors by layer (the latency design: cl_choose_design): a
 * DVB code's circulant tables (the decoder accepts no other code), a frame
 * per group, posteriors a byte each in the
 * latency order, a record per check in the messages' slots. */
static void plan_saturated_layer(const cl_decoder *d, const ldpc_code *code, uint32_t frames,
                                 cl_batch_plan *p)
{
    size_t kernel = latency_kernel_index(code->max_check_degree);
    size_t cap = d->saturated_layer_group_cap[kernel];
    p->pairs = p->pair_kernel = 0;
    p->local_posteriors = p->layer_group = 0;
    p->circulants = 1;
    p->posterior_format = 1;
    p->iterate = d->iterate_saturated_layer[kernel];
    p->index_stride = 1;
    p->post_frame_stride = d->limits.max_n;
    p->message_frame_stride = p->tables.latency_slots;
    size_t largest = d->session.vendor->thresholds.saturated_layer_group;
    p->local = group_size_for_layer(FRAME_GROUP,
                                    d->opencl.work_group_size ? cap : cl_min_size(cap, largest));
    p->global = (size_t)frames * p->local;
    p->record_bytes = saturated_layer_local_bytes(&p->tables);
    p->local_posterior_bytes = 0;
}

void cl_plan_batch(const cl_decoder *d, const ldpc_code *code, uint32_t frames,
                       cl_batch_plan *p)
{
    p->code = code;
    p->frames = frames;
    p->design = cl_choose_design(d, &p->tables, frames);
    if (cl_decoder_saturated_by_layer(d)) {
        plan_saturated_layer(d, code, frames, p);
        return;
    }
    int latency = p->design == LDPC_OPENCL_DESIGN_LATENCY;
    size_t pair_kernel = pair_kernel_index(code->max_check_degree);
    p->pairs = latency && latency_pairs(d, &p->tables, pair_kernel, frames);
    p->pair_kernel = p->pairs ? pair_kernel : 0;
    p->posterior_format = posterior_format(d, p->design, p->pairs);
    p->local_posteriors = latency && !p->pairs && latency_local_posteriors(d, &p->tables, frames);
    p->circulants = latency && !p->pairs &&
                    latency_circulants(d, &p->tables, p->local_posteriors, frames);
    if (p->circulants)
        p->local_posteriors = 0;
    if (p->design == LDPC_OPENCL_DESIGN_LATENCY) {
        /* the index among the pair kernels' bounds or the other kernels' */
        size_t kernel = p->pairs ? p->pair_kernel : latency_kernel_index(code->max_check_degree);
        cl_kernel layer_twin = layer_group_kernel(d, p, kernel, frames);
        p->iterate = layer_twin != NULL    ? layer_twin
                     : p->pairs            ? d->iterate_pairs[kernel]
                     : p->circulants       ? d->iterate_circulant[kernel]
                     : p->local_posteriors ? d->iterate_latency_local[kernel]
                                           : d->iterate_latency[kernel];
        /* the setup and finish kernels' step between a frame's variables */
        p->index_stride = p->pairs ? 2 : 1;
        /* 16-bit posteriors in rows of whole 32-bit words */
        p->post_frame_stride = (cl_uint)cl_round_up(d->limits.max_n, 2);
        /* the circulant kernels number the messages as the slot kernels do */
        p->message_frame_stride = p->tables.latency_slots;
        /* A work-item per check, or as many checks per work-item as the
         * kernel's largest group needs, evenly where a divisor allows; the
         * circulant kernels take a layer in one or two checks per work-item. */
        p->layer_group = layer_twin != NULL;
        if (p->layer_group)
            p->local = FRAME_GROUP;
        else if (p->circulants)
            p->local = d->circulant_group_cap[kernel] >= FRAME_GROUP ? FRAME_GROUP
                                                                     : FRAME_GROUP / 2;
        else
            p->local = group_size_for_layer(p->tables.max_layer_size,
                                            p->pairs              ? d->pairs_group_cap[kernel]
                                            : p->local_posteriors ? d->latency_local_group_cap[kernel]
                                                                  : d->latency_group_cap[kernel]);
        p->global = (size_t)(p->pairs ? (frames + 1) / 2 : frames) * p->local;
        /* local memory: the circulant tables, or the records of a layer */
        p->record_bytes = p->circulants ? (size_t)p->tables.circulant_words * sizeof(cl_uint)
                          : p->pairs    ? pair_record_bytes(&p->tables, kernel)
                                        : latency_record_bytes(&p->tables);
        p->local_posterior_bytes =
            p->local_posteriors ? latency_posterior_bytes(&p->tables) : 0;
    } else if (p->design == LDPC_OPENCL_DESIGN_SPREAD) {
        p->iterate = d->iterate_spread;
        p->index_stride = 1;
        p->post_frame_stride = d->limits.max_n;
        p->message_frame_stride = d->limits.max_edges;
        /* A work-item per check and per variable of each frame. */
        p->local = d->spread_group;
        p->global = cl_round_up(code->n > code->m ? code->n : code->m, p->local);
    } else if (p->design == LDPC_OPENCL_DESIGN_GROUP_PER_FRAME) {
        p->iterate = d->iterate_group;
        /* Frame-major: a work-group's frame is contiguous. */
        p->index_stride = 1;
        p->post_frame_stride = d->limits.max_n;
        p->message_frame_stride = d->limits.max_edges;
        p->local = d->config.schedule == LDPC_SCHEDULE_LAYERED
                       ? group_size_for_layer(code->layer_size, d->frame_group_cap)
                       : d->frame_group_cap;
        p->global = (size_t)frames * p->local;
    } else {
        /* Frame-interleaved: [index][frame], neighbouring work-items adjacent;
         * rows as short as the batch allows, whole warps aligned (saturated:
         * a warp's 32 bytes of a row are one 32-byte sector). */
        size_t lanes = d->saturated_lanes;
        p->iterate = lanes > 1 ? d->iterate_saturated_lanes : item_kernel_for(d, code);
        /* at most the rows the buffers hold (whole vectors of lanes) */
        p->index_stride =
            (cl_uint)cl_min_size(cl_round_up(frames, 32), cl_frame_rows(d, d->limits.max_frames));
        p->post_frame_stride = 1;
        p->message_frame_stride = 1;
        p->local = d->item_group;
        p->global = cl_round_up((frames + lanes - 1) / lanes, p->local);
    }
}

/* The latency design keeps the posteriors in the latency order
 * (opencl_latency_order.h); the setup and finish kernels are told so. */
cl_uint cl_plan_latency_order(const cl_batch_plan *p)
{
    return p->design == LDPC_OPENCL_DESIGN_LATENCY;
}
