/* Start of a batch: the host's frame-major int8 input (n values per frame, as
 * the application wrote them) becomes the channel values and the initial
 * posteriors (in the format posterior_at reads; at posterior_index),
 * and every frame becomes active. Global size (n, frames).
 */
kernel void setup_frames(global const uint *tables, code_tables_t code, uint latency_order,
                         global const char *input, uint n, uint frames, global char *channel,
                         global int *posterior, uint posterior_format, uint index_stride,
                         uint frame_stride, global uint *frame_iterations,
                         global uint *frame_active, global uint *active_count)
{
    uint v = get_global_id(0), f = get_global_id(1);
    if (v >= n || f >= frames)
        return;
    int q = max((int)input[(ulong)f * n + v], -Q_MAX); /* -128 reads as -127 */
    ulong frame = frame_start(f, frame_stride, posterior_format);
    ulong at = frame + (ulong)v * index_stride;
    channel[at] = (char)q;
    at = frame + (ulong)posterior_index(tables, code, latency_order, v) * index_stride;
    if (posterior_format == 1)
        ((global char *)posterior)[at] = (char)q;
    else if (posterior_biased(posterior_format))
        ((global ushort *)posterior)[at] = (ushort)(q + POSTERIOR_BIAS);
    else if (posterior_format == 2)
        ((global short *)posterior)[at] = (short)q;
    else
        posterior[at] = q;
    if (v == 0) {
        frame_iterations[f] = 0;
        frame_active[f] = 1;
        if (f == 0)
            *active_count = frames;
    }
}
