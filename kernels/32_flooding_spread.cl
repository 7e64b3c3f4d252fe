/* The spread design of the flooding schedule: a few frames, each spread over
 * the whole device, one launch per iteration. Work-item (x, f) of launch
 * `iteration` runs check x of frame f (and clears variable x of a total, see
 * below), so a frame's 32400 checks (dvbs2-normal-1/2) run on every compute
 * unit at once instead of one work-group's.
 *
 * Totals rotate through three planes. Iteration it reads the totals of
 * iteration it - 1 (plane (it - 1) % 3; the channel values for it = 1), sends
 * each check's new messages and adds them with atomic_add to plane it % 3,
 * which holds the channel values when the launch starts, and writes the
 * channel values into plane (it + 1) % 3, which nothing reads in this launch.
 * A total is then q + the exact sum of its new messages, as in the reference
 * (integer sums commute, so the order of the atomics does not matter). The
 * host fills planes 0 and 1 with the channel values before iteration 1.
 *
 * Early termination without a host round trip: a check's parity of the hard
 * decisions it reads is the syndrome of iteration it - 1, counted per frame in
 * `unsatisfied` (three counters per frame, rotating as the planes); that count
 * is complete when launch it ends, so launch it + 1 retires a frame whose
 * iteration it - 1 satisfied every check. Its result stays in plane
 * (it - 1) % 3: neither later launch writes that plane before the frame
 * retires. flooding_spread_result then copies each frame's final plane into
 * plane 0 for the statistics and decision kernels. */

inline global int *spread_plane(global int *plane0, global int *spare, uint plane_size,
                                uint iteration)
{
    uint r = iteration % 3;
    return r == 0 ? plane0 : spare + (r - 1) * plane_size;
}

/* Iteration `checked` (>= 1) ended with a syndrome check that every check
 * of the frame satisfied. */
inline int spread_converged(global const uint *frame_unsatisfied, uint checked,
                            uint syndrome_period, uint max_iterations)
{
    return syndrome_due(checked, syndrome_period, max_iterations) &&
           frame_unsatisfied[checked % 3] == 0;
}

/* Check c of a frame: new messages from v2c = sat(total - c2v), added to the
 * next totals; returns the parity of the hard decisions of `total`. */
inline int spread_check_update(global const uint *check_var, uint e0, uint e1,
                               global const int *total, global int *next, global char *c2v,
                               constant uchar *rule)
{
    int kept[PRIVATE_DEGREE];
    int keep = e1 - e0 <= PRIVATE_DEGREE;
    check_mins_t s = check_mins_start(e0);
    int parity = 0;
    for (uint e = e0; e < e1; e++) {
        int value = total[VARIABLE(check_var[e])];
        int t = q_sat(value - (int)c2v[e]);
        if (keep)
            kept[e - e0] = t;
        parity ^= value < 0;
        check_mins_add(&s, t, e);
    }
    int out1 = rule[s.min1], out2 = rule[s.min2];
    for (uint e = e0; e < e1; e++) {
        uint v = VARIABLE(check_var[e]);
        int t = keep ? kept[e - e0] : q_sat(total[v] - (int)c2v[e]);
        int message = check_mins_message(s, e, t < 0, out1, out2);
        c2v[e] = (char)message;
        atomic_add(next + v, message);
    }
    return parity;
}

/* Global size (rows, frames), rows >= max(n, m). */
kernel void flooding_spread(global const uint *tables, code_tables_t code,
                            global const char *channel_values, global int *totals,
                            global int *spare_totals, uint plane_size, global char *messages,
                            uint post_frame_stride, uint message_frame_stride, uint frames,
                            uint iteration, uint max_iterations, uint syndrome_period,
                            constant uchar *rule, global uint *frame_iterations,
                            global uint *frame_active, global uint *active_count,
                            global uint *unsatisfied)
{
    uint x = get_global_id(0), f = get_global_id(1);
    if (f >= frames || !frame_active[f])
        return;
    global uint *frame_unsatisfied = unsatisfied + 3 * f;
    /* Every work-item of the frame reaches the same verdict. */
    if (iteration > 2 &&
        spread_converged(frame_unsatisfied, iteration - 2, syndrome_period, max_iterations)) {
        if (x == 0) {
            frame_iterations[f] = iteration - 2;
            frame_retire(frame_active, active_count, f);
        }
        return;
    }
    uint at = f * post_frame_stride;
    if (x < code.n)
        spread_plane(totals, spare_totals, plane_size, iteration + 1)[at + x] =
            channel_values[at + x];
    if (x == 0)
        frame_unsatisfied[iteration % 3] = 0;
    if (x >= code.m)
        return;
    global const uint *check_offsets = tables + code.check_offsets;
    int parity = spread_check_update(
        tables + code.check_var, check_offsets[x], check_offsets[x + 1],
        spread_plane(totals, spare_totals, plane_size, iteration - 1) + at,
        spread_plane(totals, spare_totals, plane_size, iteration) + at,
        messages + f * message_frame_stride, rule);
    if (parity && iteration >= 2 && syndrome_due(iteration - 1, syndrome_period, max_iterations))
        atomic_inc(frame_unsatisfied + (iteration - 1) % 3);
}

/* After the last launch, global size (n, frames): a frame still active ran
 * every iteration and ends at max_iterations, or at max_iterations - 1 if
 * that iteration's syndrome (counted by the last launch) was satisfied; its
 * totals, or a retired frame's, go to plane 0. */
kernel void flooding_spread_result(global int *totals, global const int *spare_totals,
                                   uint plane_size, uint n, uint post_frame_stride, uint frames,
                                   uint max_iterations, uint syndrome_period,
                                   global uint *frame_iterations, global const uint *frame_active,
                                   global const uint *unsatisfied)
{
    uint v = get_global_id(0), f = get_global_id(1);
    if (v >= n || f >= frames)
        return;
    uint final;
    if (frame_active[f]) {
        final = max_iterations > 1 && spread_converged(unsatisfied + 3 * f, max_iterations - 1,
                                                       syndrome_period, max_iterations)
                    ? max_iterations - 1
                    : max_iterations;
        if (v == 0)
            frame_iterations[f] = final;
    } else {
        final = frame_iterations[f];
    }
    uint at = f * post_frame_stride + v;
    if (final % 3 != 0)
        totals[at] = spare_totals[(final % 3 - 1) * plane_size + at];
}
