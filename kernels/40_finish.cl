/* End of a batch: per-frame statistics and the decided bits, written
 * frame-major for the host (ldpc_frame_stats and n bytes of 0/1 per frame). */

/* The hard decision of variable v of the frame whose posteriors start at
 * element post_at. */
inline int decided_negative(global const uint *tables, code_tables_t code, uint latency_order,
                            global const int *posterior, ulong post_at, uint index_stride,
                            uint posterior_format, uint v)
{
    ulong at = post_at + (ulong)posterior_index(tables, code, latency_order, v) * index_stride;
    return posterior_at(posterior, at, posterior_format) < 0;
}

/* Global size (groups * group size, frames): the work-groups of a frame
 * share its checks and variables (several per frame where the batch has few
 * frames, so that one frame is not a single group's walk through its checks)
 * and add their counts of unsatisfied checks of the final decision and of
 * decided bits that differ from the channel's hard decision (q < 0) to the
 * frame's statistics, which the host zeroed. `converged` is left to the host
 * (unsatisfied == 0): no group knows when the others are done. */
kernel void frame_statistics(global const uint *tables, code_tables_t code, uint latency_order,
                             global const char *channel_values, global const int *posterior,
                             uint posterior_format, uint index_stride, uint frame_stride,
                             uint frames, global const uint *frame_iterations,
                             global uint4 *stats)
{
    local uint unsatisfied, corrected;
    uint f = get_global_id(1);
    uint lid = get_local_id(0), first = get_global_id(0), step = get_global_size(0);
    if (f >= frames)
        return;
    global const uint *check_offsets = tables + code.check_offsets;
    global const uint *check_var = tables + code.check_var;
    ulong post_at = frame_start(f, frame_stride, posterior_format);
    global const char *channel = channel_values + post_at;
    if (lid == 0) {
        unsatisfied = 0;
        corrected = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint my_unsatisfied = 0, my_corrected = 0;
    for (uint c = first; c < code.m; c += step) {
        int parity = 0;
        for (uint e = check_offsets[c]; e < check_offsets[c + 1]; e++)
            parity ^= decided_negative(tables, code, latency_order, posterior, post_at,
                                       index_stride, posterior_format, VARIABLE(check_var[e]));
        my_unsatisfied += parity;
    }
    for (uint v = first; v < code.n; v += step)
        my_corrected += decided_negative(tables, code, latency_order, posterior, post_at,
                                         index_stride, posterior_format, v) !=
                        (channel[(ulong)v * index_stride] < 0);
    atomic_add(&unsatisfied, my_unsatisfied);
    atomic_add(&corrected, my_corrected);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        global uint *frame_stats = (global uint *)(stats + f);
        frame_stats[0] = frame_iterations[f];
        atomic_add(frame_stats + 2, unsatisfied);
        atomic_add(frame_stats + 3, corrected);
    }
}

/* Global size (n, frames), the bit index fastest so that the writes to the
 * host-visible buffer coalesce. */
kernel void write_decisions(global const uint *tables, code_tables_t code, uint latency_order,
                            global const int *posterior, uint posterior_format, uint n,
                            uint frames, uint index_stride, uint frame_stride,
                            global uchar *bits)
{
    uint v = get_global_id(0), f = get_global_id(1);
    if (v < n && f < frames)
        bits[(ulong)f * n + v] = decided_negative(tables, code, latency_order, posterior,
                                                  frame_start(f, frame_stride, posterior_format),
                                                  index_stride,
                                                  posterior_format, v);
}
