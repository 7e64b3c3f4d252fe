/* The steps every decoding kernel shares (docs/DECODERS.md): a check's
 * min-sum over its inputs and its new messages, the check rule's table in
 * local memory, a work-group's vote on the syndrome and a frame's retirement.
 * The kernel files differ in where a check's inputs come from and where its
 * results go, not in these.
 *
 * A check's inputs t so far: the two smallest magnitudes, the edge of the
 * first (the earliest on a tie, as in the reference) and the parity of the
 * negative inputs. Its message to edge e is then check_mins_message():
 * rule(min2) to the first minimum's edge, rule(min1) to the others, with the
 * sign of the other inputs. The minima come in two forms that compute the
 * same values: check_mins_add branches on a new minimum, check_mins_take
 * selects. Each kernel uses the one NVIDIA's compiler turned into fewer
 * registers for it (a kernel's speed moved by 4-17% between them). */

typedef struct {
    int min1, min2, negatives;
    uint idx1;
} check_mins_t;

/* e0: the check's first edge. */
inline check_mins_t check_mins_start(uint e0)
{
    check_mins_t s = {Q_MAX, Q_MAX, 0, e0};
    return s;
}

inline void check_mins_add(check_mins_t *s, int t, uint e)
{
    int magnitude = t < 0 ? -t : t;
    s->negatives ^= t < 0;
    if (magnitude < s->min1) {
        s->min2 = s->min1;
        s->min1 = magnitude;
        s->idx1 = e;
    } else if (magnitude < s->min2) {
        s->min2 = magnitude;
    }
}

/* check_mins_add without branches, from an input's magnitude and sign: an
 * absent edge passes Q_MAX and not negative, which changes nothing. */
inline void check_mins_take(check_mins_t *s, int magnitude, int negative, uint e)
{
    s->negatives ^= negative;
    s->min2 = min(s->min2, max(s->min1, magnitude));
    s->idx1 = magnitude < s->min1 ? e : s->idx1;
    s->min1 = min(s->min1, magnitude);
}

/* The message to edge e, whose own input is negative or not; out1 =
 * rule(min1), out2 = rule(min2). */
inline int check_mins_message(check_mins_t s, uint e, int negative, int out1, int out2)
{
    int magnitude = e == s.idx1 ? out2 : out1;
    return (s.negatives ^ negative) ? -magnitude : magnitude;
}

/* New messages for the check on edges e0..e1-1 (one frame's, element i at
 * i * stride) from the posteriors or totals `source`: t = sat(source - c2v),
 * message = rule applied to the minima of the others. The inputs of checks up
 * to PRIVATE_DEGREE edges stay in private memory between the two passes (one
 * read of check_var, source and c2v per edge instead of two). `out` may be
 * c2v itself: an edge's input is read before its message is written. */
inline void check_messages(global const uint *check_var, uint e0, uint e1,
                           global const int *source, global const char *c2v, global char *out,
                           uint stride, constant uchar *rule)
{
    int kept[PRIVATE_DEGREE];
    int keep = e1 - e0 <= PRIVATE_DEGREE;
    check_mins_t s = check_mins_start(e0);
    for (uint e = e0; e < e1; e++) {
        int t = q_sat(source[(ulong)VARIABLE(check_var[e]) * stride] -
                      (int)c2v[(ulong)e * stride]);
        if (keep)
            kept[e - e0] = t;
        check_mins_add(&s, t, e);
    }
    int out1 = rule[s.min1], out2 = rule[s.min2];
    for (uint e = e0; e < e1; e++) {
        ulong at = (ulong)e * stride;
        int t = keep ? kept[e - e0]
                     : q_sat(source[(ulong)VARIABLE(check_var[e]) * stride] - (int)c2v[at]);
        out[at] = (char)check_mins_message(s, e, t < 0, out1, out2);
    }
}

/* The rule's 128 outputs into local memory, shared by the work-group (a
 * lookup with a different index in every work-item). The caller's barrier
 * publishes them. */
inline void rule_to_local(local uchar *rule_local, constant uchar *rule)
{
    for (uint q = get_local_id(0); q <= Q_MAX; q += get_local_size(0))
        rule_local[q] = rule[q];
}

/* A work-group's vote on its frame's syndrome: work-item lid 0 clears the
 * flag, and after the barrier any work-item that finds an unsatisfied check
 * sets it to 1; after a second barrier every work-item reads the verdict. (The
 * closing barrier and read stay in the kernels: as a function they changed
 * clang's unrolling of the latency kernels, 24 more instructions in one.) */
inline void syndrome_vote_open(volatile local int *unsatisfied, uint lid)
{
    if (lid == 0)
        *unsatisfied = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
}

/* Frame f is done: no further launch decodes it. */
inline void frame_retire(global uint *frame_active, global uint *active_count, uint f)
{
    frame_active[f] = 0;
    atomic_dec(active_count);
}
