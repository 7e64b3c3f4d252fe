/* Girth of a Tanner graph by breadth-first search from every variable: a
 * non-tree edge between nodes at depths d1 and d2 closes a cycle of length at
 * most d1 + d2 + 1, and the minimum over all roots is the girth. */
#include <stdlib.h>

#include "ldpc/nonbinary.h"
#include "code/code_struct.h"

uint32_t ldpc_code_girth(const ldpc_code *g)
{
    uint32_t nodes = g->n + g->m; /* variables 0..n-1, checks n.. */
    uint32_t *depth = malloc((size_t)nodes * sizeof(uint32_t));
    uint32_t *parent_edge = malloc((size_t)nodes * sizeof(uint32_t));
    uint32_t *queue = malloc((size_t)nodes * sizeof(uint32_t));
    uint32_t girth = UINT32_MAX;
    if (depth == NULL || parent_edge == NULL || queue == NULL)
        goto done;
    for (uint32_t root = 0; root < g->n; root++) {
        for (uint32_t i = 0; i < nodes; i++)
            depth[i] = UINT32_MAX;
        depth[root] = 0;
        parent_edge[root] = UINT32_MAX;
        uint32_t head = 0, tail = 0;
        queue[tail++] = root;
        while (head < tail) {
            uint32_t u = queue[head++];
            if (2 * depth[u] + 1 >= girth)
                break; /* no shorter cycle can close from here on */
            int is_var = u < g->n;
            uint32_t first = is_var ? g->var_offsets[u] : g->check_offsets[u - g->n];
            uint32_t end = is_var ? g->var_offsets[u + 1] : g->check_offsets[u - g->n + 1];
            for (uint32_t i = first; i < end; i++) {
                uint32_t e = is_var ? g->var_edges[i] : i;
                if (e == parent_edge[u])
                    continue;
                uint32_t w = is_var ? g->n + g->edge_check[e] : g->check_var[e];
                if (depth[w] == UINT32_MAX) {
                    depth[w] = depth[u] + 1;
                    parent_edge[w] = e;
                    queue[tail++] = w;
                } else if (depth[u] + depth[w] + 1 < girth) {
                    girth = depth[u] + depth[w] + 1;
                }
            }
        }
    }
done:
    free(depth);
    free(parent_edge);
    free(queue);
    return girth == UINT32_MAX ? 0 : girth;
}
