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

/* DVB-S2X PLS codes: each even one and its pilots twin name a built-in code
 * of the frame size the PLS code implies; the reserved ones and the VL-SNR
 * header values (128..131) none. */
static void every_s2x_modcod_names_its_code(void **state)
{
    (void)state;
    static const int reserved[] = {128, 130, 176, 188, 192, 196, 250, 252, 254};
    int named = 0;
    for (int pls = 128; pls <= 255; pls++) {
        const char *name = ldpcd_helper_code_name(pls, 0);
        int is_reserved = 0;
        for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
            is_reserved |= reserved[i] == (pls & ~1);
        if (is_reserved || pls < 132) {
            assert_null(name);
            continue;
        }
        assert_non_null(name);
        assert_ptr_equal(ldpcd_helper_code_name(pls, 1), name);
        assert_string_equal(ldpcd_helper_code_name(pls ^ 1, 0), name);
        assert_true((strstr(name, "-short-") != NULL) == (pls >= 216));
        ldpc_code *code;
        ldpc_error err;
        assert_int_equal(ldpc_code_create(name, &code, &err), LDPC_OK);
        assert_int_equal(ldpc_code_transmitted_n(code), pls >= 216 ? 16200 : 64800);
        ldpc_code_destroy(code);
        named++;
    }
    assert_int_equal(named, 2 * 55);
    assert_string_equal(ldpcd_helper_code_name(132, 0), "dvbs2x-normal-13/45");
    assert_string_equal(ldpcd_helper_code_name(181, 0), "dvbs2x-normal-132/180");
    assert_string_equal(ldpcd_helper_code_name(242, 0), "dvbs2-short-3/5");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_modcod_names_its_code),
        cmocka_unit_test(every_s2x_modcod_names_its_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
