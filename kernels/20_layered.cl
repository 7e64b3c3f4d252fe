/* Layered min-sum (reference: src/decode/ref_layered*.c). Two designs:
 *
 * layered_item_per_frame: one work-item walks every check of its frame in the
 * reference order (layer_checks). Exact for any code. Messages are
 * frame-interleaved so that a warp's accesses to one edge coalesce.
 *
 * layered_group_per_frame: one work-group per frame; the checks of a layer are
 * shared among its work-items, with a barrier between layers. Exact only when
 * the checks of a layer share no variable (code->layers_disjoint): then the
 * order inside a layer cannot change any value.
 *
 * Both run iterations first_iteration+1 .. last_iteration of every active frame
 * and retire a frame (frame_active = 0, active_count - 1) when its syndrome is
 * satisfied or it reaches max_iterations. */

/* One check update on edges e0..e1-1: t = sat(post - c2v), min-sum, then
 * post += new c2v - old c2v, exactly (the posterior stays q + sum of c2v).
 * The variables of one check are distinct, so the second pass recomputes
 * exactly the t of the first. */
inline void layered_check_update(global const uint *check_var, uint e0, uint e1,
                                 global short *post, global char *c2v, uint stride,
                                 constant uchar *rule)
{
    int min1 = Q_MAX, min2 = Q_MAX;
    uint idx1 = e0;
    int negatives = 0;
    for (uint e = e0; e < e1; e++) {
        int t = q_sat((int)post[check_var[e] * stride] - (int)c2v[e * stride]);
        int magnitude = t < 0 ? -t : t;
        negatives ^= t < 0;
        if (magnitude < min1) {
            min2 = min1;
            min1 = magnitude;
            idx1 = e;
        } else if (magnitude < min2) {
            min2 = magnitude;
        }
    }
    int out1 = rule[min1];
    int out2 = rule[min2];
    for (uint e = e0; e < e1; e++) {
        uint at = check_var[e] * stride;
        int extrinsic = (int)post[at] - (int)c2v[e * stride];
        int t = q_sat(extrinsic);
        int magnitude = e == idx1 ? out2 : out1;
        int message = (negatives ^ (t < 0)) ? -magnitude : magnitude;
        c2v[e * stride] = (char)message;
        post[at] = (short)(extrinsic + message);
    }
}

kernel void layered_item_per_frame(global const uint *tables, code_tables_t code,
                                   global short *posterior, global char *messages,
                                   uint index_stride, uint post_frame_stride,
                                   uint message_frame_stride, uint frames,
                                   uint first_iteration, uint last_iteration,
                                   uint max_iterations, uint syndrome_period,
                                   constant uchar *rule, global uint *frame_iterations,
                                   global uint *frame_active, global uint *active_count)
{
    uint f = get_global_id(0);
    if (f >= frames || !frame_active[f])
        return;
    global const uint *check_offsets = tables + code.check_offsets;
    global const uint *check_var = tables + code.check_var;
    global const uint *layer_checks = tables + code.layer_checks;
    global short *post = posterior + f * post_frame_stride;
    global char *c2v = messages + f * message_frame_stride;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint i = 0; i < code.m; i++) {
            uint c = layer_checks[i];
            layered_check_update(check_var, check_offsets[c], check_offsets[c + 1], post, c2v,
                                 index_stride, rule);
        }
        frame_iterations[f] = it;
        int done = it == max_iterations;
        if (syndrome_due(it, syndrome_period, max_iterations)) {
            int unsatisfied = 0;
            for (uint c = 0; c < code.m && !unsatisfied; c++)
                unsatisfied = check_unsatisfied(check_var, check_offsets[c],
                                                     check_offsets[c + 1], post, index_stride);
            done |= !unsatisfied;
        }
        if (done) {
            frame_active[f] = 0;
            atomic_dec(active_count);
            return;
        }
    }
}

kernel void layered_group_per_frame(global const uint *tables, code_tables_t code,
                                    global short *posterior, global char *messages,
                                    uint index_stride, uint post_frame_stride,
                                    uint message_frame_stride, uint frames,
                                    uint first_iteration, uint last_iteration,
                                    uint max_iterations, uint syndrome_period,
                                   constant uchar *rule, global uint *frame_iterations,
                                    global uint *frame_active, global uint *active_count)
{
    local int unsatisfied;
    uint f = get_group_id(0);
    uint lid = get_local_id(0), group_size = get_local_size(0);
    /* Both conditions are the same for every work-item of the group. */
    if (f >= frames || !frame_active[f])
        return;
    global const uint *check_offsets = tables + code.check_offsets;
    global const uint *check_var = tables + code.check_var;
    global const uint *layer_offsets = tables + code.layer_offsets;
    global const uint *layer_checks = tables + code.layer_checks;
    global short *post = posterior + f * post_frame_stride;
    global char *c2v = messages + f * message_frame_stride;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < code.layer_count; l++) {
            for (uint i = layer_offsets[l] + lid; i < layer_offsets[l + 1]; i += group_size) {
                uint c = layer_checks[i];
                layered_check_update(check_var, check_offsets[c], check_offsets[c + 1], post,
                                     c2v, index_stride, rule);
            }
            barrier(CLK_GLOBAL_MEM_FENCE);
        }
        int done = it == max_iterations;
        if (syndrome_due(it, syndrome_period, max_iterations)) {
            if (lid == 0)
                unsatisfied = 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (uint c = lid; c < code.m; c += group_size)
                if (check_unsatisfied(check_var, check_offsets[c], check_offsets[c + 1], post,
                                           index_stride))
                    atomic_or(&unsatisfied, 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            done |= !unsatisfied;
        }
        if (done) {
            if (lid == 0) {
                frame_iterations[f] = it;
                frame_active[f] = 0;
                atomic_dec(active_count);
            }
            return;
        }
        if (lid == 0)
            frame_iterations[f] = it;
    }
}
