/* libFuzzer harness: ldpcd's config parser (file text, then the cross-key
 * checks), on arbitrary text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ldpcd_config_source source;
    char error[512];
    ldpcd_config_defaults(&source);
    if (ldpcd_config_parse_text(&source, "fuzz.conf", (const char *)data, size, error,
                                sizeof error) == 0) {
        if (ldpcd_config_finish(&source.values, error, sizeof error) == 0 &&
            source.values.batch_frames != 0 && source.values.queue_frames != 0 &&
            source.values.batch_frames > source.values.queue_frames)
            abort(); /* finish must refuse what the pipeline cannot build (0: auto) */
    } else if (error[0] == '\0') {
        abort(); /* every refusal explains itself */
    }
    return 0;
}
