#!/usr/bin/env python3
"""Round 14 of issue 4 (docs/OPENCL.md): turns the PTX that NVIDIA's OpenCL
driver compiled (ldpcd's cached program binary) into PTX that CUDA's driver
API loads, so that launch_ptx.c can run a kernel under Nsight Compute.
The driver refuses OpenCL's PTX ("device kernel image is invalid") for three
OpenCL-only constructs, none of which changes the kernels' code:
  - the target's texmode_independent (the kernels use no textures);
  - %envreg environment registers (OpenCL's global offset: zero in ldpcd's launches);
  - the address of a by-value kernel parameter taken with mov (the code-table
    struct): its loads are rewritten to address the parameter directly;
  - pointer parameters to local and constant memory (.ptr .shared, .ptr .const):
    plain 64-bit parameters here, the rule table read with ld.global (launch_ptx
    passes it in global memory, the local arguments as shared-window addresses).
Usage: cuda_ptx.py CACHED.clbin OUT.ptx KERNEL... (the module keeps only these kernels)"""
import re
import sys

text = open(sys.argv[1], 'rb').read()
text = text[text.index(b'//'):].rstrip(b'\0').decode()
text = text.replace(', texmode_independent', '')
text = re.sub(r'%envreg\d+', '0', text)
text = re.sub(r'\.ptr \.\w+ \.align \d+ ', '', text)
text = text.replace('ld.const.', 'ld.global.')
header, *entries = re.split(r'(?m)^(?=\.entry )', text)
out = [header[:header.index('.address_size')] + '.address_size 64\n\n']
for entry in entries:
    if entry.split('(')[0].split()[1] not in sys.argv[3:]:
        continue
    for reg, param in re.findall(r'mov\.b64\s+(%rd\d+), (\w+_param_\d+);', entry):
        entry = re.sub(r'\s*mov\.b64\s+%s, %s;' % (reg, param), '', entry)
        # Addresses derived by a constant offset (add.s64 %rdA, reg, C).
        bases = {reg: 0}
        for derived, offset in re.findall(r'add\.s64\s+(%%rd\d+), %s, (\d+);' % reg, entry):
            entry = re.sub(r'\s*add\.s64\s+%s, %s, %s;' % (derived, reg, offset), '', entry)
            bases[derived] = int(offset)
        for base, offset in bases.items():
            entry = re.sub(r'\[%s(?:\+(-?\d+))?\]' % base,
                           lambda m: '[%s+%d]' % (param, offset + int(m.group(1) or 0)), entry)
            if re.search(r'%s\b' % base, entry):
                sys.exit('%s: %s used other than as a load address' % (param, base))
    out.append(entry)
open(sys.argv[2], 'w').write(''.join(out))
