/* Layered min-sum (docs/DECODERS.md, src/decode/ref_fixed_layered.c): every
 * check of a layer computes its new messages from the posteriors of the
 * layer's start; then the changes of all the layer's messages are added to the
 * posteriors. So a layer is two phases, and within a phase the checks are
 * independent:
 *   1. for each check: t = sat(post - c2v), next = rule(t);
 *   2. for each edge: post += next - c2v (exact), c2v = next.
 *
 * layered_group_per_frame: one work-group per frame shares the checks of each
 * phase among its work-items (barriers between phases). Where two checks of a
 * layer share a variable, phase 2 adds to that posterior atomically (integer
 * sums: the order does not matter). It runs iterations first_iteration+1 ..
 * last_iteration of every active frame and retires a frame (frame_active = 0,
 * active_count - 1) when its syndrome is satisfied or it reaches
 * max_iterations. The item-per-frame kernels are in 25_layered_item.cl. */

/* Phase 2 for a check whose phase 1 (check_messages) wrote `next`. A
 * posterior that another check of the layer also updates may be added to by
 * several work-items at once: atomically. */
inline void layer_check_apply(global const uint *check_var, uint e0, uint e1, global int *post,
                              global char *c2v, global const char *next, uint stride)
{
    for (uint e = e0; e < e1; e++) {
        uint word = check_var[e];
        global int *p = post + (ulong)VARIABLE(word) * stride;
        ulong at = (ulong)e * stride;
        int message = next[at];
        int delta = message - (int)c2v[at];
        c2v[at] = (char)message;
        if (word & SHARED_IN_LAYER)
            atomic_add(p, delta);
        else
            *p += delta;
    }
}

kernel void layered_group_per_frame(global const uint *tables, code_tables_t code,
                                    global int *posterior, global char *messages,
                                    global char *next_messages, uint index_stride,
                                    uint post_frame_stride, uint message_frame_stride,
                                    uint frames, uint first_iteration, uint last_iteration,
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
    global int *post = posterior + (ulong)f * post_frame_stride;
    global char *c2v = messages + (ulong)f * message_frame_stride;
    global char *next = next_messages + (ulong)f * message_frame_stride;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < code.layer_count; l++) {
            uint first = layer_offsets[l], end = layer_offsets[l + 1];
            for (uint i = first + lid; i < end; i += group_size) {
                uint c = layer_checks[i];
                check_messages(check_var, check_offsets[c], check_offsets[c + 1], post, c2v, next,
                               index_stride, rule);
            }
            barrier(CLK_GLOBAL_MEM_FENCE);
            for (uint i = first + lid; i < end; i += group_size) {
                uint c = layer_checks[i];
                layer_check_apply(check_var, check_offsets[c], check_offsets[c + 1], post, c2v,
                                  next, index_stride);
            }
            barrier(CLK_GLOBAL_MEM_FENCE);
        }
        int done = it == max_iterations;
        if (syndrome_due(it, syndrome_period, max_iterations)) {
            syndrome_vote_open(&unsatisfied, lid);
            for (uint c = lid; c < code.m; c += group_size)
                if (check_unsatisfied(check_var, check_offsets[c], check_offsets[c + 1], post,
                                      index_stride, 4))
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
