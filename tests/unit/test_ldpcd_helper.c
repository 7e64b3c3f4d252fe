/* leandvb's LDPC helper mode (src/ldpcd/leandvb_helper.c): the code of each DVB-S2
 * MODCOD, checked against EN 302 307-1's table written by modulation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "leandvb_helper.h"
#include "ldpc/ldpc.h"

/* The rates of each modulation in MODCOD order, from the standard. */
static const struct {
    int first_modcod;
    const char *rates[11];
} modulations[] = {
    {1, {"1/4", "1/3", "2/5", "1/2", "3/5", "2/3", "3/4", "4/5", "5/6", "8/9", "9/10"}}, /* QPSK */
    {12, {"3/5", "2/3", "3/4", "5/6", "8/9", "9/10"}},                                 /* 8PSK */
    {18, {"2/3", "3/4", "4/5", "5/6", "8/9", "9/10"}},                                 /* 16APSK */
    {24, {"3/4", "4/5", "5/6", "8/9", "9/10"}},                                        /* 32APSK */
};

static void every_modcod_names_its_code(void **state)
{
    (void)state;
    int seen = 0;
    for (size_t m = 0; m < sizeof modulations / sizeof modulations[0]; m++) {
        for (int r = 0; r < 11 && modulations[m].rates[r] != NULL; r++) {
            int modcod = modulations[m].first_modcod + r;
            const char *rate = modulations[m].rates[r];
            char expected[32];
            snprintf(expected, sizeof expected, "dvbs2-normal-%s", rate);
            const char *name = ldpcd_helper_code_name(modcod, 0);
            assert_non_null(name);
            assert_string_equal(name, expected);
            name = ldpcd_helper_code_name(modcod, 1);
            if (strcmp(rate, "9/10") == 0) {
                assert_null(name); /* DVB-S2 has no short frame at 9/10 */
            } else {
                snprintf(expected, sizeof expected, "dvbs2-short-%s", rate);
                assert_non_null(name);
                assert_string_equal(name, expected);
                ldpc_code *code;
                ldpc_error err;
                assert_int_equal(ldpc_code_create(name, &code, &err), LDPC_OK);
                ldpc_code_destroy(code);
            }
            seen++;
        }
    }
    assert_int_equal(seen, 28);
    assert_null(ldpcd_helper_code_name(0, 0));
    assert_null(ldpcd_helper_code_name(29, 0));
    assert_null(ldpcd_helper_code_name(-1, 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_modcod_names_its_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
