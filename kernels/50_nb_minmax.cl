/* Nonbinary Min-Max over GF(q) in 8-bit fixed point, flooding and
 * block-layered: the device twin of src/nb/nb_minmax_fixed.c, bit for bit
 * (docs/NONBINARY.md, section OpenCL). Names start with nb_ because every
 * kernel file is concatenated into one program.
 *
 * One work-group per frame, q work-items (lanes) per check node, `slots`
 * check nodes at once (Wang et al., Asilomar 2012; Thi & Lee, IEIE SmartSci
 * 2017): lane x of a slot owns entry x of every message of its check. The
 * forward and backward partial messages live in local memory; messages and
 * posteriors in global memory, [frame][edge][q] and [frame][symbol][q], so the
 * lanes of a check read consecutive bytes.
 *
 * (A (x) B)(x) = min over a of max(A(a), B(a ^ x)) is exact in any order, so
 * lane x computes its output entry directly (q steps) and the result equals
 * the reference's sorted, early-stopping combination.
 *
 * Layered: the checks of a layer run `slots` at a time; the host passes
 * slots = 1 when a layer's checks share a symbol (then each check sees the
 * posteriors of the one before, as in the reference). Block rows of the QC
 * codes are disjoint, so their checks run in parallel with the same result. */

#define NB_MESSAGE_MAX 255

/* Where the code's tables sit in the arena (offsets in 32-bit words; the
 * coefficient and product tables are bytes). Same layout as cl_nb_tables in
 * platform/opencl/cl_nb_tables.h. */
typedef struct {
    uint n, m, q, bits_per_symbol;
    uint layer_count, max_check_degree, edges, pad;
    uint check_offsets, check_var, var_offsets, var_edges;
    uint layer_offsets, layer_checks, edge_coef, gf_mul;
} nb_tables_t;

/* Local memory of one check slot (sizes from max_check_degree D and q). */
typedef struct {
    local short *u;   /* D * q: variable-domain inputs, post - c2v */
    local short *low; /* D: the minimum of each input */
    local uchar *in;  /* D * q: check-domain inputs (normalised, saturated), then outputs */
    local uchar *fwd; /* D * q: forward messages F_i = in_0 (x) ... (x) in_i */
    local uchar *bwd; /* D * q: backward messages B_i = in_i (x) ... (x) in_{d-1} */
} nb_slot_memory;

inline uchar nb_combine_entry(local const uchar *a_msg, local const uchar *b_msg, uint x, uint q)
{
    uchar best = NB_MESSAGE_MAX;
    for (uint a = 0; a < q; a++)
        best = min(best, max(a_msg[a], b_msg[a ^ x]));
    return best;
}

inline int nb_sat(int v)
{
    return v < NB_MESSAGE_MAX ? v : NB_MESSAGE_MAX;
}

/* One check node update by the q lanes of a slot; every work-item of the
 * group calls it (the barriers), with active = 0 where the slot has no check
 * this round. layered: the posteriors become u + new message.
 *
 * The forward and backward chains are independent, so step k computes F_k
 * and B_{d-1-k} together (d-2 steps with a barrier each); then every output
 * out_i = F_{i-1} (x) B_{i+1} is computed without further barriers, into the
 * inputs' place. Few barriers matter on GPUs (fewer sequential steps) and on
 * PoCL, whose compilation time grows quickly with barriers inside loops. */
inline void nb_check_node(global const uint *tables, nb_tables_t code, uint chk, int active,
                          uint lane, uint layered, uint truncation, global short *post,
                          global uchar *c2v, nb_slot_memory s)
{
    global const uint *check_offsets = tables + code.check_offsets;
    global const uint *check_var = tables + code.check_var;
    global const uchar *coef = (global const uchar *)(tables + code.edge_coef);
    global const uchar *mul = (global const uchar *)(tables + code.gf_mul);
    uint q = code.q;
    uint first = 0;
    int d = 0;
    if (active) {
        first = check_offsets[chk];
        d = (int)(check_offsets[chk + 1] - first);
    }
    for (int i = 0; i < d; i++)
        s.u[i * q + lane] = (short)(post[check_var[first + i] * q + lane] -
                                    (short)c2v[(first + i) * q + lane]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = (int)lane; i < d; i += (int)q) {
        short low = s.u[i * q];
        for (uint a = 1; a < q; a++)
            low = min(low, s.u[i * q + a]);
        s.low[i] = low;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Into the check domain: entry h*a holds symbol a's value. */
    for (int i = 0; i < d; i++) {
        uint h = coef[first + i];
        uint x = mul[h * q + lane];
        s.in[i * q + x] = (uchar)nb_sat(s.u[i * q + lane] - s.low[i]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Truncation (nm = truncation, 0 = off): entry x stays if fewer than nm
     * entries of its input have a smaller (value, index), else it becomes
     * 255. The results wait in bwd (not yet in use) until every lane has
     * read the inputs. The pass runs untruncated too: with its barrier inside
     * `if (truncation != 0)` (uniform over the launch) PoCL decoded slots > 1
     * wrongly. */
    for (int i = 0; i < d; i++) {
        local const uchar *m = s.in + i * q;
        uchar value = m[lane];
        uint rank = 0;
        if (truncation != 0)
            for (uint y = 0; y < q; y++)
                rank += m[y] < value || (m[y] == value && y < lane);
        s.bwd[i * q + lane] = truncation == 0 || rank < truncation ? value : NB_MESSAGE_MAX;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < d; i++)
        s.in[i * q + lane] = s.bwd[i * q + lane];
    /* The chains start at F_0 = in_0 and B_{d-1} = in_{d-1} (each lane its
     * own entry: the barrier below orders them before the first step). */
    if (d > 0) {
        s.fwd[lane] = s.in[lane];
        s.bwd[(d - 1) * q + lane] = s.in[(d - 1) * q + lane];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 1; k + 1 < (int)code.max_check_degree; k++) {
        if (k + 1 < d) {
            int j = d - 1 - k;
            s.fwd[k * q + lane] = nb_combine_entry(s.fwd + (k - 1) * q, s.in + k * q, lane, q);
            s.bwd[j * q + lane] = nb_combine_entry(s.bwd + (j + 1) * q, s.in + j * q, lane, q);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    /* Outputs in the check domain, over the inputs (no longer read): a check
     * of degree 1 forces its symbol to 0. */
    for (int i = 0; i < d; i++) {
        uchar out = d == 1      ? (lane == 0 ? 0 : NB_MESSAGE_MAX)
                    : i == 0     ? s.bwd[q + lane]
                    : i == d - 1 ? s.fwd[(d - 2) * q + lane]
                                 : nb_combine_entry(s.fwd + (i - 1) * q, s.bwd + (i + 1) * q,
                                                    lane, q);
        s.in[i * q + lane] = out;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Back to the variable domain: message entry a = out(h*a). */
    for (int i = 0; i < d; i++) {
        uint e = first + i;
        uchar out = s.in[i * q + mul[coef[e] * q + lane]];
        if (layered)
            post[check_var[e] * q + lane] = (short)(s.u[i * q + lane] + out);
        c2v[e * q + lane] = out;
    }
    /* The next round's checks may read posteriors written by other lanes. */
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

/* Flooding totals: channel plus every message of the symbol (exact in 16 bits). */
inline void nb_totals(global const uint *tables, nb_tables_t code, global const uchar *channel,
                      global short *post, global const uchar *c2v, uint lid, uint size)
{
    global const uint *var_offsets = tables + code.var_offsets;
    global const uint *var_edges = tables + code.var_edges;
    uint q = code.q, p = code.bits_per_symbol;
    for (uint at = lid; at < code.n * q; at += size) {
        uint v = at >> p, a = at & (q - 1);
        int total = channel[at];
        for (uint j = var_offsets[v]; j < var_offsets[v + 1]; j++)
            total += c2v[var_edges[j] * q + a];
        post[at] = (short)total;
    }
}

/* Decisions (the lowest symbol of smallest posterior) into `symbols`; then
 * counters[0] = the checks they leave unsatisfied (the GF(q) syndrome) and
 * counters[1] = the decided bits that differ from the channel's hard
 * decision (its lowest symbol at distance 0). */
inline void nb_decide_and_count(global const uint *tables, nb_tables_t code,
                                global const uchar *channel, global const short *post,
                                global uchar *symbols, local uint *counters, uint lid, uint size)
{
    global const uint *check_offsets = tables + code.check_offsets;
    global const uint *check_var = tables + code.check_var;
    global const uchar *coef = (global const uchar *)(tables + code.edge_coef);
    global const uchar *mul = (global const uchar *)(tables + code.gf_mul);
    uint q = code.q, corrected = 0;
    for (uint v = lid; v < code.n; v += size) {
        global const short *row = post + v * q;
        uint best = 0, hard = 0;
        for (uint a = 1; a < q; a++)
            best = row[a] < row[best] ? a : best;
        while (channel[v * q + hard] != 0)
            hard++;
        symbols[v] = (uchar)best;
        corrected += popcount(hard ^ best);
    }
    if (lid == 0) {
        counters[0] = 0;
        counters[1] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    uint unsatisfied = 0;
    for (uint c = lid; c < code.m; c += size) {
        uint sum = 0;
        for (uint e = check_offsets[c]; e < check_offsets[c + 1]; e++)
            sum ^= mul[coef[e] * q + symbols[check_var[e]]];
        unsatisfied += sum != 0;
    }
    atomic_add(&counters[0], unsatisfied);
    atomic_add(&counters[1], corrected);
    barrier(CLK_LOCAL_MEM_FENCE);
}

/* Symbol LLR vectors from the quantised bit LLRs (bit b of a symbol is its
 * bit p-1-b on the channel), saturated at 255; posteriors start there and
 * messages at 0. */
inline void nb_setup_frame(nb_tables_t code, global const char *bits, global uchar *channel,
                           global short *post, global uchar *c2v, uint lid, uint size)
{
    uint q = code.q, p = code.bits_per_symbol;
    for (uint at = lid; at < code.n * q; at += size) {
        uint v = at >> p, a = at & (q - 1);
        int sum = 0;
        for (uint b = 0; b < p; b++) {
            int l = bits[v * p + p - 1 - b];
            sum += ((a >> b) & 1) ? max(l, 0) : max(-l, 0);
        }
        channel[at] = (uchar)nb_sat(sum);
        post[at] = (short)nb_sat(sum);
    }
    for (uint at = lid; at < code.edges * q; at += size)
        c2v[at] = 0;
}

/* Iterations first_iteration+1 .. last_iteration of every active frame
 * (global size frames * slots * q, local size slots * q). The launch with
 * first_iteration 0 sets the frames up. A frame retires when its syndrome is
 * satisfied (checked when due: every syndrome_period-th iteration and the
 * last) or at max_iterations: it writes its decisions and statistics
 * (iterations, converged, unsatisfied checks, corrected bits), clears
 * frame_active and decrements active_count, the word the host reads.
 *
 * An iteration is a flat sequence of rounds of `slots` checks, taken in
 * layer_checks order: within one layer (layered) or over all checks
 * (flooding, whose checks are independent: any order gives the same
 * result), so that the check node has one call site. */
kernel void nb_minmax_group_per_frame(
    global const uint *tables, nb_tables_t code, uint layered, uint slots,
    global const char *input, global uchar *channel_values, global short *posterior,
    global uchar *messages, uint frames, uint first_iteration, uint last_iteration,
    uint max_iterations, uint syndrome_period, uint truncation, global uint *frame_active,
    global uint *active_count, global uchar *decisions, global uint4 *stats,
    local short *u_memory, local short *low_memory, local uchar *in_memory,
    local uchar *fwd_memory, local uchar *bwd_memory)
{
    local uint counters[2];
    uint f = get_group_id(0);
    uint lid = get_local_id(0), size = get_local_size(0);
    if (f >= frames)
        return;
    uint q = code.q, D = code.max_check_degree;
    uint slot = lid / q, lane = lid % q;
    /* A frame's base in 64 bits (a batch may pass 4 GiB), offsets within it
     * in 32 (the host keeps a frame's entries below 2^32). */
    global uchar *channel = channel_values + (ulong)f * code.n * q;
    global short *post = posterior + (ulong)f * code.n * q;
    global uchar *c2v = messages + (ulong)f * code.edges * q;
    global uchar *symbols = decisions + (ulong)f * code.n;
    global const uint *layer_offsets = tables + code.layer_offsets;
    global const uint *layer_checks = tables + code.layer_checks;
    nb_slot_memory s = {u_memory + slot * D * q, low_memory + slot * D, in_memory + slot * D * q,
                        fwd_memory + slot * D * q, bwd_memory + slot * D * q};
    if (first_iteration == 0) {
        nb_setup_frame(code, input + (ulong)f * code.n * code.bits_per_symbol, channel, post,
                       c2v, lid, size);
        if (lid == 0)
            frame_active[f] = 1;
    } else if (!frame_active[f]) { /* the same for the whole group */
        return;
    }
    barrier(CLK_GLOBAL_MEM_FENCE);

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        uint layer = 0, end = layered ? layer_offsets[1] : code.m;
        for (uint base = 0; base < code.m;) {
            int active = base + slot < end;
            uint chk = active ? layer_checks[base + slot] : 0;
            nb_check_node(tables, code, chk, active, lane, layered, truncation, post, c2v, s);
            base += slots;
            if (base >= end) {
                base = end;
                layer++;
                end = layered && layer < code.layer_count ? layer_offsets[layer + 1] : code.m;
            }
        }
        if (!layered)
            nb_totals(tables, code, channel, post, c2v, lid, size);
        barrier(CLK_GLOBAL_MEM_FENCE);
        int last = it == max_iterations;
        int due = syndrome_due(it, syndrome_period, max_iterations);
        if (!due && !last)
            continue;
        nb_decide_and_count(tables, code, channel, post, symbols, counters, lid, size);
        uint unsatisfied = counters[0], corrected = counters[1];
        if (last || (due && unsatisfied == 0)) {
            if (lid == 0) {
                stats[f] = (uint4)(it, unsatisfied == 0, unsatisfied, corrected);
                frame_retire(frame_active, active_count, f);
            }
            return;
        }
        barrier(CLK_LOCAL_MEM_FENCE); /* counters read before the next reset */
    }
}
