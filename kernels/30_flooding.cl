/* Flooding min-sum (docs/DECODERS.md, src/decode/ref_fixed_flooding.c). Per
 * iteration every check computes its messages from v2c = sat(total - c2v),
 * then every variable's total = channel + sum of its c2v (exact).
 *
 * flooding_item_per_frame: one work-item per frame, frame-interleaved layout.
 * flooding_group_per_frame: one work-group per frame; checks, then variables,
 * are shared among the work-items with a barrier between the two phases
 * (always exact: a phase reads only what the other phase writes). */

inline int variable_total(global const uint *var_offsets, global const uint *var_edges, uint v,
                          global const char *channel, global const char *c2v, uint stride)
{
    int sum = channel[(ulong)v * stride];
    for (uint i = var_offsets[v]; i < var_offsets[v + 1]; i++)
        sum += c2v[(ulong)var_edges[i] * stride];
    return sum;
}

kernel void flooding_item_per_frame(global const uint *tables, code_tables_t code,
                                    global const char *channel_values, global int *totals,
                                    global char *messages, uint index_stride,
                                    uint post_frame_stride, uint message_frame_stride,
                                    uint frames, uint first_iteration, uint last_iteration,
                                    uint max_iterations, uint syndrome_period,
                                   constant uchar *rule, global uint *frame_iterations,
                                    global uint *frame_active, global uint *active_count)
{
    uint f = get_global_id(0);
    if (f >= frames || !frame_active[f])
        return;
    global const uint *check_offsets = tables + code.check_offsets;
    global const uint *check_var = tables + code.check_var;
    global const uint *var_offsets = tables + code.var_offsets;
    global const uint *var_edges = tables + code.var_edges;
    global const char *channel = channel_values + (ulong)f * post_frame_stride;
    global int *total = totals + (ulong)f * post_frame_stride;
    global char *c2v = messages + (ulong)f * message_frame_stride;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint c = 0; c < code.m; c++)
            check_messages(check_var, check_offsets[c], check_offsets[c + 1], total, c2v, c2v,
                           index_stride, rule);
        for (uint v = 0; v < code.n; v++)
            total[(ulong)v * index_stride] =
                variable_total(var_offsets, var_edges, v, channel, c2v, index_stride);
        frame_iterations[f] = it;
        int done = it == max_iterations;
        if (syndrome_due(it, syndrome_period, max_iterations)) {
            int unsatisfied = 0;
            for (uint c = 0; c < code.m && !unsatisfied; c++)
                unsatisfied = check_unsatisfied(check_var, check_offsets[c],
                                                check_offsets[c + 1], total, index_stride, 4);
            done |= !unsatisfied;
        }
        if (done) {
            frame_retire(frame_active, active_count, f);
            return;
        }
    }
}

kernel void flooding_group_per_frame(global const uint *tables, code_tables_t code,
                                     global const char *channel_values, global int *totals,
                                     global char *messages, uint index_stride,
                                     uint post_frame_stride, uint message_frame_stride,
                                     uint frames, uint first_iteration, uint last_iteration,
                                     uint max_iterations, uint syndrome_period,
                                   constant uchar *rule, global uint *frame_iterations,
                                     global uint *frame_active, global uint *active_count)
{
    local int unsatisfied;
    uint f = get_group_id(0);
    uint lid = get_local_id(0), group_size = get_local_size(0);
    if (f >= frames || !frame_active[f])
        return;
    global const uint *check_offsets = tables + code.check_offsets;
    global const uint *check_var = tables + code.check_var;
    global const uint *var_offsets = tables + code.var_offsets;
    global const uint *var_edges = tables + code.var_edges;
    global const char *channel = channel_values + (ulong)f * post_frame_stride;
    global int *total = totals + (ulong)f * post_frame_stride;
    global char *c2v = messages + (ulong)f * message_frame_stride;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint c = lid; c < code.m; c += group_size)
            check_messages(check_var, check_offsets[c], check_offsets[c + 1], total, c2v, c2v,
                           index_stride, rule);
        barrier(CLK_GLOBAL_MEM_FENCE);
        for (uint v = lid; v < code.n; v += group_size)
            total[(ulong)v * index_stride] =
                variable_total(var_offsets, var_edges, v, channel, c2v, index_stride);
        barrier(CLK_GLOBAL_MEM_FENCE);
        int done = it == max_iterations;
        if (syndrome_due(it, syndrome_period, max_iterations)) {
            syndrome_vote_open(&unsatisfied, lid);
            for (uint c = lid; c < code.m; c += group_size)
                if (check_unsatisfied(check_var, check_offsets[c], check_offsets[c + 1],
                                      total, index_stride, 4))
                    atomic_or(&unsatisfied, 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            done |= !unsatisfied;
        }
        if (lid == 0)
            frame_iterations[f] = it;
        if (done) {
            if (lid == 0)
                frame_retire(frame_active, active_count, f);
            return;
        }
    }
}
