/* Side-by-side measurement (docs/CPU.md, "Against the saturated 8-bit
 * method"): the layered offset min-sum of Le Gal et al.'s x86 decoders
 * (8-bit *saturated* posteriors and messages, 32 frames per AVX2 vector or 64
 * per AVX-512 one, one check after another, a pointer per edge), re-written
 * from its description against ldpcd's code tables and timed in the same
 * process as ldpcd's default decoder on the same frames. It is the method on
 * this machine, not Le Gal's build. Not part of the build:
 *   cc -O3 -march=x86-64-v3 [-DWIDE512 -mavx512f -mavx512bw] -I include \
 *      docs/bench/saturated_oms_compare.c BUILD/libldpc.a -lOpenCL -lm -lpthread
 *   MSG_MAX=31 ./a.out CODE ITERATIONS THREADS EBN0 SECONDS   (throughput)
 *   MSG_MAX=31 FER_FRAMES=3200 ./a.out CODE ITERATIONS 1 EBN0 0  (frame errors)
 * MSG_MAX caps the message magnitude (default 127): saturated posteriors
 * need it well below the posterior range, or decoding diverges. */
#define _POSIX_C_SOURCE 200809L
#include <immintrin.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ldpc/code.h"
#include "ldpc/decoder.h"

#ifdef WIDE512
#define LANES 64
typedef __m512i vt;
#define V_LOAD(p) _mm512_load_si512((const void *)(p))
#define V_STORE(p, a) _mm512_store_si512((void *)(p), a)
#define V_SET1(x) _mm512_set1_epi8(x)
#define V_ZERO() _mm512_setzero_si512()
#define V_SUBS(a, b) _mm512_subs_epi8(a, b)
#define V_ADDS(a, b) _mm512_adds_epi8(a, b)
#define V_SUBS_U(a, b) _mm512_subs_epu8(a, b)
#define V_MAX(a, b) _mm512_max_epi8(a, b)
#define V_MIN(a, b) _mm512_min_epi8(a, b)
#define V_ABS(a) _mm512_abs_epi8(a)
#define V_XOR(a, b) _mm512_xor_si512(a, b)
#define V_PICK_EQ(a, b, if_eq, otherwise) _mm512_mask_blend_epi8(_mm512_cmpeq_epi8_mask(a, b), otherwise, if_eq)
#define V_APPLY_SIGN(r, s) _mm512_mask_sub_epi8(r, _mm512_movepi8_mask(s), V_ZERO(), r)
#define NAME "AVX-512BW, 64"
#else
#define LANES 32
typedef __m256i vt;
#define V_LOAD(p) _mm256_load_si256((const __m256i *)(p))
#define V_STORE(p, a) _mm256_store_si256((__m256i *)(p), a)
#define V_SET1(x) _mm256_set1_epi8(x)
#define V_ZERO() _mm256_setzero_si256()
#define V_SUBS(a, b) _mm256_subs_epi8(a, b)
#define V_ADDS(a, b) _mm256_adds_epi8(a, b)
#define V_SUBS_U(a, b) _mm256_subs_epu8(a, b)
#define V_MAX(a, b) _mm256_max_epi8(a, b)
#define V_MIN(a, b) _mm256_min_epi8(a, b)
#define V_ABS(a) _mm256_abs_epi8(a)
#define V_XOR(a, b) _mm256_xor_si256(a, b)
#define V_PICK_EQ(a, b, if_eq, otherwise) _mm256_blendv_epi8(otherwise, if_eq, _mm256_cmpeq_epi8(a, b))
#define V_APPLY_SIGN(r, s) _mm256_sign_epi8(r, _mm256_or_si256(s, _mm256_set1_epi8(1)))
#define NAME "AVX2, 32"
#endif

typedef struct {
    const ldpc_code *code;
    vt *post, *msg;
    vt **edge_post;
    int iterations;
    const int8_t *frames; /* LANES frames, frame-major */
    uint8_t *decided;     /* LANES frames, frame-major */
    double seconds;
    long calls;
} legal_job;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void legal_decode(legal_job *j)
{
    const ldpc_code *c = j->code;
    int8_t *p = (int8_t *)j->post;
    for (uint32_t v = 0; v < c->n; v++) /* interleave: lane f = frame f */
        for (int f = 0; f < LANES; f++) {
            int8_t q = j->frames[(size_t)f * c->n + v];
            p[(size_t)v * LANES + f] = q < -127 ? -127 : q;
        }
    memset(j->msg, 0, (size_t)c->edges * sizeof(vt));
    const vt min_var = V_SET1(-127), offset = V_SET1(1), top = V_SET1(127);
    const vt max_msg = V_SET1((char)(getenv("MSG_MAX") ? atoi(getenv("MSG_MAX")) : 127));
    vt t[64];
    for (int it = 0; it < j->iterations; it++) {
        vt *m = j->msg;
        vt **ep = j->edge_post;
        for (uint32_t chk = 0; chk < c->m; chk++) {
            uint32_t d = c->check_offsets[chk + 1] - c->check_offsets[chk];
            vt sign = V_ZERO(), min1 = top, min2 = top;
            for (uint32_t e = 0; e < d; e++) {
                vt x = V_MAX(V_SUBS(V_LOAD(ep[e]), V_LOAD(&m[e])), min_var);
                sign = V_XOR(sign, x);
                vt a = V_MIN(V_ABS(x), max_msg);
                min2 = V_MIN(min2, V_MAX(a, min1));
                min1 = V_MIN(min1, a);
                t[e] = x;
            }
            vt out1 = V_SUBS_U(min1, offset), out2 = V_SUBS_U(min2, offset);
            for (uint32_t e = 0; e < d; e++) {
                vt a = V_MIN(V_ABS(t[e]), max_msg);
                vt msg = V_APPLY_SIGN(V_PICK_EQ(a, min1, out2, out1), V_XOR(sign, t[e]));
                V_STORE(&m[e], msg);
                V_STORE(ep[e], V_MAX(V_ADDS(t[e], msg), min_var));
            }
            m += d;
            ep += d;
        }
    }
    for (uint32_t v = 0; v < c->n; v++)
        for (int f = 0; f < LANES; f++)
            j->decided[(size_t)f * c->n + v] = p[(size_t)v * LANES + f] < 0;
}

static void *legal_thread(void *arg)
{
    legal_job *j = arg;
    double start = now(), limit = j->seconds;
    j->calls = 0;
    do {
        legal_decode(j);
        j->calls++;
    } while (now() - start < limit);
    j->seconds = now() - start;
    return NULL;
}

typedef struct {
    ldpc_decoder *decoder;
    const ldpc_code *code;
    const int8_t *frames;
    uint32_t count;
    uint8_t *bits;
    double seconds;
    long calls;
} ours_job;

static double gauss(unsigned *s)
{
    double u1 = (rand_r(s) + 1.0) / (RAND_MAX + 2.0), u2 = (rand_r(s) + 1.0) / (RAND_MAX + 2.0);
    return sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

static double frame_errors(const uint8_t *decided, uint32_t frames, uint32_t n)
{
    uint32_t wrong = 0; /* the all-zero codeword was sent */
    for (uint32_t f = 0; f < frames; f++)
        for (uint32_t v = 0; v < n; v++)
            if (decided[(size_t)f * n + v]) {
                wrong++;
                break;
            }
    return (double)wrong / frames;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: %s CODE ITERATIONS THREADS EBN0 SECONDS\n", argv[0]);
        return 2;
    }
    int iterations = atoi(argv[2]), threads = atoi(argv[3]);
    double ebn0 = atof(argv[4]), seconds = atof(argv[5]);
    ldpc_code *code;
    ldpc_error err = {{0}};
    if (ldpc_code_create(argv[1], &code, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    /* BPSK of the all-zero codeword, quantised as ldpcd does (scale 2). */
    uint32_t n = code->n, frames = LANES * threads;
    int8_t *q = malloc((size_t)frames * n);
    double rate = (double)code->k / n, sigma = sqrt(1 / (2 * rate * pow(10, ebn0 / 10)));
    unsigned seed = 1;
    for (size_t i = 0; i < (size_t)frames * n; i++) {
        double llr = 2 * (1 + sigma * gauss(&seed)) / (sigma * sigma);
        double v = round(llr * 2);
        q[i] = (int8_t)(v > 127 ? 127 : v < -127 ? -127 : v);
    }
    if (getenv("FER_FRAMES")) {
        long total = atol(getenv("FER_FRAMES")), legal_wrong = 0, ours_wrong = 0;
        legal_job j = {.code = code, .iterations = iterations, .frames = q};
        j.post = aligned_alloc(64, (size_t)n * sizeof(vt));
        j.msg = aligned_alloc(64, (size_t)code->edges * sizeof(vt));
        j.edge_post = malloc((size_t)code->edges * sizeof(vt *));
        for (uint32_t e = 0; e < code->edges; e++)
            j.edge_post[e] = &j.post[code->check_var[e]];
        j.decided = malloc((size_t)LANES * n);
        ldpc_decoder_config fc = ldpc_decoder_config_default();
        fc.max_iterations = iterations;
        ldpc_decoder_limits fl = ldpc_decoder_limits_for_code(code, LANES);
        ldpc_decoder *fd;
        if (ldpc_decoder_create(&fc, &fl, "auto", &fd, &err) != LDPC_OK)
            return 1;
        uint8_t *fb = malloc((size_t)LANES * n);
        for (long done = 0; done < total; done += LANES) {
            for (size_t i = 0; i < (size_t)LANES * n; i++) {
                double llr = 2 * (1 + sigma * gauss(&seed)) / (sigma * sigma);
                double v = round(llr * 2);
                q[i] = (int8_t)(v > 127 ? 127 : v < -127 ? -127 : v);
            }
            legal_decode(&j);
            legal_wrong += (long)(frame_errors(j.decided, LANES, n) * LANES + 0.5);
            ldpc_decoder_decode_i8(fd, code, q, LANES, fb, NULL, &err);
            ours_wrong += (long)(frame_errors(fb, LANES, n) * LANES + 0.5);
        }
        printf("%s Eb/N0 %.2f dB, %d iterations, %ld frames: FER saturated %ld (%.4f), ldpcd %ld (%.4f)\n",
               argv[1], ebn0, iterations, total, legal_wrong, (double)legal_wrong / total, ours_wrong,
               (double)ours_wrong / total);
        return 0;
    }
    printf("code %s, %d iterations, %d thread(s), Eb/N0 %.2f dB, %u frames; coded Mbit/s\n",
           argv[1], iterations, threads, ebn0, frames);

    pthread_t tid[64];
    legal_job jobs[64];
    for (int t = 0; t < threads; t++) {
        legal_job *j = &jobs[t];
        j->code = code;
        j->iterations = iterations;
        j->post = aligned_alloc(64, (size_t)n * sizeof(vt));
        j->msg = aligned_alloc(64, (size_t)code->edges * sizeof(vt));
        j->edge_post = malloc((size_t)code->edges * sizeof(vt *));
        for (uint32_t e = 0; e < code->edges; e++)
            j->edge_post[e] = &j->post[code->check_var[e]];
        j->frames = q + (size_t)t * LANES * n;
        j->decided = malloc((size_t)LANES * n);
        j->seconds = seconds;
        pthread_create(&tid[t], NULL, legal_thread, j);
    }
    double legal_bits = 0, legal_fer = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(tid[t], NULL);
        legal_bits += (double)jobs[t].calls * LANES * n / jobs[t].seconds;
        legal_fer += frame_errors(jobs[t].decided, LANES, n) / threads;
    }

    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = iterations;
    config.syndrome_period = 0;
    config.threads = threads;
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 64 * threads);
    ldpc_decoder *decoder;
    if (ldpc_decoder_create(&config, &limits, "auto", &decoder, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    /* ldpcd's batch: 64 frames per thread, the same frames repeated. */
    uint32_t ours_frames = 64 * threads;
    int8_t *ours_q = malloc((size_t)ours_frames * n);
    for (uint32_t f = 0; f < ours_frames; f++)
        memcpy(ours_q + (size_t)f * n, q + (size_t)(f % frames) * n, n);
    uint8_t *bits = malloc((size_t)ours_frames * n);
    double start = now();
    long calls = 0;
    do {
        ldpc_decoder_decode_i8(decoder, code, ours_q, ours_frames, bits, NULL, &err);
        calls++;
    } while (now() - start < seconds);
    double ours_bits = (double)calls * ours_frames * n / (now() - start);
    printf("saturated-8-bit OMS, " NAME " frames/vector   %8.2f   FER %.3f\n", legal_bits / 1e6,
           legal_fer);
    printf("ldpcd auto (%s)   %8.2f   FER %.3f   ratio %.2fx\n",
           ldpc_decoder_backend_name(decoder), ours_bits / 1e6,
           frame_errors(bits, ours_frames, n), ours_bits / legal_bits);
    return 0;
}
