/* The cores the daemon may run on. */
#ifndef LDPCD_CORES_H
#define LDPCD_CORES_H

/* The CPUs of the process's affinity mask (taskset, systemd's CPUAffinity=,
 * a container's cpuset), which the automatic thread counts divide; the
 * online CPUs where the mask cannot be read. At least 1. */
long ldpcd_usable_cores(void);

#endif
