/* leandvb's LDPC helper protocol (leandvb --ldpc-helper PATH): leandvb
 * execve()s `PATH --modcod N [--shortframes]` (newer versions add --trials
 * and --batch-size; its help documents `--standard DVB-S2` before them)
 * with an empty environment, writes frames of n int8 LLRs
 * (codeword order, positive = bit 0, 5 ln(P0/P1) clipped to +-127), one
 * non-blocking write() per frame, and after 32 frames reads each result frame
 * (n int8 values whose signs carry the decided bits) with one blocking read().
 * A write into a full pipe is a dropped frame, so the helper enlarges its
 * pipes and reads from the moment it starts, queueing frames while its
 * decoder is built on another thread; each frame's LLR scale is calibrated
 * (ldpc/soft.h) before decoding. The helper only ever writes a whole result frame into a pipe
 * that has room for all of it, and exits when its stdout loses its reader
 * (leandvb's pipes are inherited by other helpers, so stdin may never see
 * end of file). */
#ifndef LDPCD_LEANDVB_HELPER_H
#define LDPCD_LEANDVB_HELPER_H

/* Returns the process exit status. */
int ldpcd_helper_main(int argc, char **argv);

/* "dvbs2-normal-1/2" for MODCOD 4 (QPSK 1/2) etc.; for a DVB-S2X PLS code
 * (128..255, its frame size implied: short_frames is ignored) the code of
 * that MODCOD, "dvbs2x-normal-13/45" for 132 or 133; NULL for an invalid
 * MODCOD or one without short frames (9/10). */
const char *ldpcd_helper_code_name(int modcod, int short_frames);

#endif
