/* End of a batch: per-frame statistics and the decided bits, written
 * frame-major for the host (ldpc_frame_stats and n bytes of 0/1 per frame). */

/* One work-group per frame (global size frames * group size): the unsatisfied
 * checks of the final decision and the decided bits that differ from the
 * channel's hard decision (q < 0). */
kernel void frame_statistics(global const uint *tables, code_tables_t code,
                             global const char *channel_values, global const int *posterior,
                             uint posterior_bytes, uint index_stride, uint frame_stride,
                             uint frames, global const uint *frame_iterations,
                             global uint4 *stats)
{
    local uint unsatisfied, corrected;
    uint f = get_group_id(0);
    uint lid = get_local_id(0), group_size = get_local_size(0);
    if (f >= frames)
        return;
    global const uint *check_offsets = tables + code.check_offsets;
    global const uint *check_var = tables + code.check_var;
    global const char *channel = channel_values + f * frame_stride;
    uint post_at = f * frame_stride;
    if (lid == 0) {
        unsatisfied = 0;
        corrected = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint my_unsatisfied = 0, my_corrected = 0;
    for (uint c = lid; c < code.m; c += group_size)
        my_unsatisfied +=
            check_unsatisfied(check_var, check_offsets[c], check_offsets[c + 1],
                              posterior, post_at, index_stride, posterior_bytes);
    for (uint v = lid; v < code.n; v += group_size)
        my_corrected +=
            (posterior_at(posterior, post_at + v * index_stride, posterior_bytes) < 0) !=
            (channel[v * index_stride] < 0);
    atomic_add(&unsatisfied, my_unsatisfied);
    atomic_add(&corrected, my_corrected);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        stats[f] = (uint4)(frame_iterations[f], unsatisfied == 0, unsatisfied, corrected);
}

/* Global size (n, frames), the bit index fastest so that the writes to the
 * host-visible buffer coalesce. */
kernel void write_decisions(global const int *posterior, uint posterior_bytes, uint n,
                            uint frames, uint index_stride, uint frame_stride,
                            global uchar *bits)
{
    uint v = get_global_id(0), f = get_global_id(1);
    if (v < n && f < frames)
        bits[f * n + v] =
            posterior_at(posterior, f * frame_stride + v * index_stride, posterior_bytes) < 0;
}
