# GPU hardware events from the kernel drivers (dmesg, journal, syslog). The
# NVIDIA driver's (AMD's amdgpu and ROCm's runtime are at the end of the file):
# Xid lines, fallen-off-the-bus notices, NVSwitch SXid (NVLink fabric), and the
# bus -> GPU UUID map. Formats: formats-training.md 1.7. Per-code meaning and
# action live in the Xid table of src/analyze/rules.c (mnemonic, class, action).
# `bus` is captured as printed: Xid lines give `0000:3b:00` (no function),
# fallen-off-bus notices `0000:b3:00.0`; normalise before joining.
# `xid_pid`/`xid_process` name whatever process touched the GPU (may be
# nvidia-smi or a monitoring agent); they are never the canonical `pid`.

# Generic Xid line, every driver era:
#   NVRM: Xid (PCI:<bus>): <code>, pid=<pid|'<unknown>'>, name=<comm|<unknown>>, <text>
#   NVRM: Xid (PCI:<bus>): <code>, <text>            (no pid/name, e.g. 79)
#   NVRM: Xid (<bus>): <code>, <text>                (very old drivers, no `PCI:`)
name:     hw.xid
kind:     hw.xid
severity: error
literal:  NVRM: Xid
regex:    (?x) NVRM:\ Xid\ \((?:PCI:)?(?<bus>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.[0-7])?)\):\ (?<xid>\d+),
            (?:\ pid=(?:'?<unknown>'?|'?(?<xid_pid>\d+)'?),)?
            (?:\ name=(?:<unknown>|(?<xid_process>[^,]*)),)?
            \s*(?<msg>\S(?:.*\S)?)?
type:     xid=int xid_pid=int
doc:      the NVIDIA driver reported Xid <xid> on GPU <bus>; the analysis looks the code up in its Xid table (13/31/43 are usually the application, 48/63/64/74/79/92/94/95/119/120/136/140/143/144-150 hardware or firmware, 45 a consequence)
# real, dmesg --ctime, quoted unknown pid (train-023)
example:  [Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter
expect:   bus=0000:cb:00
expect:   xid=13
expect:   msg=Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter
# real, numeric pid and the PyTorch main-thread name (train-023)
example:  [Fri Aug 30 11:43:14 2024] NVRM: Xid (PCI:0000:cb:00): 109, pid=1797828, name=pt_main_thread, Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005
expect:   xid=109
expect:   xid_pid=1797828
expect:   xid_process=pt_main_thread
expect:   msg=Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005
# real, GSP RPC timeout attributed to nvidia-smi (train-063)
example:  [Sun Feb 23 16:24:18 2025] NVRM: Xid (PCI:0000:9b:00): 119, pid=2024380, name=nvidia-smi, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 103 (GSP_RM_ALLOC) (0x2081 0x4).
expect:   bus=0000:9b:00
expect:   xid=119
expect:   xid_process=nvidia-smi
# recent drivers print 79 without pid/name (formats-training.md 1.7), dmesg uptime prefix
example:  [ 1843.308145] NVRM: Xid (PCI:0000:2b:00): 79, GPU has fallen off the bus.
expect:   xid=79
expect:   msg=GPU has fallen off the bus.
# journal/syslog prefix, unquoted <unknown> pid, NVLink Xid 74 (format as in AWS's Xid injection runbook)
example:  Mar 14 09:21:07 gpu-node-17 kernel: NVRM: Xid (PCI:0000:b9:00): 74, pid=<unknown>, name=<unknown>, NVLink: fatal error detected on link 6(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)
expect:   bus=0000:b9:00
expect:   xid=74
expect:   msg=NVLink: fatal error detected on link 6(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)
# Ampere+ row remapping event, per formats-training.md 1.7
example:  [ 9921.120331] NVRM: Xid (PCI:0000:3b:00): 63, pid=2831, name=python, Row Remapper: New row marked for remapping, reset gpu to activate.
expect:   xid=63
expect:   xid_pid=2831
not:      [Sun Feb 23 16:24:18 2025] NVRM: GPU at PCI:0000:9b:00: GPU-509665ad-b600-ac93-3616-d754b23d636d
not:      [ 8123.617543] nvidia-nvswitch1: SXid (PCI:0000:00:08.0): 11004, Non-fatal, Link 36 ingress invalid ACL (First)

# NVLink5 (GB200/B100 era) Xids 144-150:
#   <UNIT[/SUBUNIT]> Nonfatal|Fatal XC<n> i<n> Link <n> (<intrinfo> <errorstatus> ...)
name:     hw.xid.nvlink5
kind:     hw.xid
severity: error
priority: 1
literal:  NVRM: Xid
regex:    (?x) NVRM:\ Xid\ \((?:PCI:)?(?<bus>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.[0-7])?)\):\ (?<xid>14[4-9]|150),
            (?:\ pid=(?:'?<unknown>'?|'?(?<xid_pid>\d+)'?),)?
            (?:\ name=(?:<unknown>|(?<xid_process>[^,]*)),)?
            \s*(?<msg>(?<nvlink_unit>[A-Z][A-Z0-9_/]*)\ (?<nvlink_severity>Nonfatal|Fatal)\ XC\d+\ i\d+\ Link\ (?<link>\d+)(?:.*\S)?)
type:     xid=int xid_pid=int link=int
doc:      NVLink5 error (Xid 144-150) on GPU <bus> link <link>; Fatal ones take the link down (NCCL hangs/timeouts follow) - run the NVLink5 workflow, reset or drain the GPU; a later Xid 45 is a consequence
# line format as in leptonai/gpud's NVLink5 catalog tests (driver R565+, formats-training.md 1.7)
example:  [ 2211.903118] NVRM: Xid (PCI:0000:04:00): 145, RLW_REMAP Fatal XC0 i0 Link 00 (0x00000004 0x00000040 0x00000000 0x00000000)
expect:   xid=145
expect:   nvlink_unit=RLW_REMAP
expect:   nvlink_severity=Fatal
expect:   link=0
example:  [ 2211.903201] NVRM: Xid (PCI:0000:04:00): 149, NETIR_LINK_EVT/NETIR_LINK_DOWN Fatal XC0 i0 Link 00 (0x00000011 0x00000000 0x00000000 0x00000000)
expect:   xid=149
expect:   nvlink_unit=NETIR_LINK_EVT/NETIR_LINK_DOWN
example:  [ 2211.903355] NVRM: Xid (PCI:0000:04:00): 144, SAW_MVB Nonfatal XC0 i0 Link 00 (0x00000001 0x00000001 0x00000000 0x00000000)
expect:   nvlink_severity=Nonfatal
not:      [Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter

# Xid 154: the driver's summary of the recovery the GPU now needs.
name:     hw.xid.recovery_action
kind:     hw.xid
severity: error
priority: 2
literal:  GPU recovery action changed
regex:    (?x) NVRM:\ Xid\ \((?:PCI:)?(?<bus>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.[0-7])?)\):\ (?<xid>\d+),
            (?:\ pid=(?:'?<unknown>'?|'?(?<xid_pid>\d+)'?),)?
            (?:\ name=(?:<unknown>|(?<xid_process>[^,]*)),)?
            \s*(?<msg>GPU\ recovery\ action\ changed\ from\ 0x[0-9a-fA-F]+\ \((?<recovery_from>[^)]*)\)\ to\ 0x[0-9a-fA-F]+\ \((?<recovery_to>[^)]*)\)(?:.*\S)?)
type:     xid=int xid_pid=int
doc:      Xid 154: the GPU now needs <recovery_to> (None, Drain P2P, Drain and Reset, GPU Reset Required, Node Reboot Required) because of the Xid logged just before
# per formats-training.md 1.7 and NVIDIA's Xid catalog wording (driver R565+)
example:  [ 2212.004577] NVRM: Xid (PCI:0000:04:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)
expect:   xid=154
expect:   recovery_from=None
expect:   recovery_to=GPU Reset Required
example:  [ 2212.004577] NVRM: Xid (PCI:0000:1b:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)
expect:   recovery_to=Node Reboot Required
not:      [ 2211.903118] NVRM: Xid (PCI:0000:04:00): 145, RLW_REMAP Fatal XC0 i0 Link 00 (0x00000004 0x00000040 0x00000000 0x00000000)

# Page-retirement era (pre-Ampere) `XID <n> <text>` form (formats-training.md
# 1.7); the trailing parenthesis is a GPU id or an address.
name:     hw.xid.legacy
kind:     hw.xid
severity: error
literal:  XID
regex:    \bXID (?<xid>\d{1,3}) (?<msg>[A-Z].*?)(?: \((?<bus>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.[0-7])?)\))?\.?\s*$
type:     xid=int
doc:      pre-Ampere Xid report (48 = double-bit ECC error, 63 = page retired: reload the driver / reset the GPU)
# per formats-training.md 1.7 (page-retirement era wording)
example:  XID 48 An uncorrectable double bit error (DBE) has been detected on GPU (0000:3b:00)
expect:   xid=48
expect:   bus=0000:3b:00
expect:   msg=An uncorrectable double bit error (DBE) has been detected on GPU
example:  XID 63 Dynamic Page Retirement: New retired page, reload the driver to activate. (0x00000000000a3f12)
expect:   xid=63
not:      [Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter

# Single-line fallen-off-the-bus notice (no Xid line).
name:     hw.fallen_off_bus
kind:     hw.fallen_off_bus
severity: fatal
literal:  GPU has fallen off the bus
regex:    NVRM: GPU (?<bus>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.[0-7])?): GPU has fallen off the bus
doc:      the GPU stopped answering on PCIe (power, thermal, riser/cable or a dead GPU); every process on it dies and the node usually needs a reboot and hardware check
# per formats-training.md 1.7 (single-line form, excerpt 064 of the reference set)
example:  [ 5521.770412] NVRM: GPU 0000:b3:00.0: GPU has fallen off the bus.
expect:   bus=0000:b3:00.0
not:      [ 1843.308145] NVRM: Xid (PCI:0000:2b:00): 79, GPU has fallen off the bus.

# Multi-line notice without an Xid line (driver 570, probe time); the
# continuation lines carry no timestamp. Semantically Xid 79.
name:     hw.fallen_off_bus.notice
kind:     hw.fallen_off_bus
severity: fatal
literal:  NVRM: The NVIDIA GPU
start:    NVRM: The NVIDIA GPU (?<bus>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])\s*$
continue: NVRM: \(PCI ID: (?<pci_id>[0-9a-fA-F]{4}:[0-9a-fA-F]{4})\) installed in this system has
end:      NVRM: fallen off the bus and is not responding to commands
max_lines: 3
doc:      the GPU fell off the PCIe bus (seen at driver probe, no Xid printed): hardware, power or PCIe fault - drain the node
# real (train-021)
example:  [ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0
example:                 NVRM: (PCI ID: 10de:26b5) installed in this system has
example:                 NVRM: fallen off the bus and is not responding to commands.
expect:   bus=0000:b3:00.0
expect:   pci_id=10de:26b5
not:      [ 1843.439662] NVRM: The NVIDIA probe routine failed for 1 device(s).

# NVSwitch SXid (NVLink fabric errors on HGX/DGX systems).
name:     hw.nvswitch_sxid
kind:     hw.nvlink
severity: error
literal:  SXid (PCI:
regex:    nvidia-nvswitch(?<nvswitch>\d+): SXid \(PCI:(?<bus>[0-9a-fA-F:.]+)\): (?<sxid>\d+), (?<sxid_severity>Non-fatal|Fatal), (?:Link (?<link>\d+) )?(?<msg>\S(?:.*\S)?)?
type:     nvswitch=int sxid=int link=int
doc:      an NVSwitch reported an NVLink fabric error; Fatal SXids take links down and hang NCCL collectives across the node - check fabric manager, reset the switch tray / node
# real (dmesg from an HGX service VM)
example:  [ 8123.617543] nvidia-nvswitch1: SXid (PCI:0000:00:08.0): 11004, Non-fatal, Link 36 ingress invalid ACL (First)
expect:   nvswitch=1
expect:   sxid=11004
expect:   sxid_severity=Non-fatal
expect:   link=36
expect:   msg=ingress invalid ACL (First)
# fatal form as quoted in leptonai/gpud (fabric-manager guide D.4)
example:  [131453.740743] nvidia-nvswitch0: SXid (PCI:0000:00:00.0): 20034, Fatal, Link 30 LTSSM Fault Up
expect:   sxid_severity=Fatal
expect:   sxid=20034
not:      [ 8123.617798] nvidia-nvswitch2: SXid (PCI:0000:00:09.0): 11004, Severity 0 Engine instance 42 Sub-engine instance 00

# Second line of an SXid report (engine/severity detail, register data).
name:     hw.nvswitch_sxid_detail
kind:     benign
severity: info
store:    once
literal:  SXid (PCI:
regex:    SXid \(PCI:[^)]*\): \d+, (?:Severity \d+ Engine instance|Data \{)
doc:      detail line of the preceding NVSwitch SXid
# real (dmesg from an HGX service VM)
example:  [ 8123.617798] nvidia-nvswitch2: SXid (PCI:0000:00:09.0): 11004, Severity 0 Engine instance 42 Sub-engine instance 00
not:      [ 8123.617543] nvidia-nvswitch1: SXid (PCI:0000:00:08.0): 11004, Non-fatal, Link 36 ingress invalid ACL (First)

# PCI bus -> GPU UUID, printed before an Xid (maps kernel events to a GPU,
# then through CUDA_VISIBLE_DEVICES / nvidia-smi to a local rank).
name:     hw.gpu_uuid
kind:     hw.gpu_uuid
severity: info
literal:  NVRM: GPU at PCI:
regex:    NVRM: GPU at PCI:(?<bus>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.[0-7])?): (?<uuid>GPU-[0-9a-fA-F-]+)
doc:      maps PCI bus <bus> to <uuid>
# real (train-063)
example:  [Sun Feb 23 16:24:18 2025] NVRM: GPU at PCI:0000:9b:00: GPU-509665ad-b600-ac93-3616-d754b23d636d
expect:   bus=0000:9b:00
expect:   uuid=GPU-509665ad-b600-ac93-3616-d754b23d636d
not:      [Sun Feb 23 16:24:18 2025] NVRM: GPU Board Serial Number: 1650124014249

name:     hw.gpu_serial
kind:     hw.gpu_serial
severity: info
literal:  NVRM: GPU Board Serial Number:
regex:    NVRM: GPU Board Serial Number: (?<serial>\S+)
doc:      board serial of the GPU named in the preceding `GPU at PCI` line (for RMA)
# real (train-063)
example:  [Sun Feb 23 16:24:18 2025] NVRM: GPU Board Serial Number: 1650124014249
expect:   serial=1650124014249
not:      [Sun Feb 23 16:24:18 2025] NVRM: GPU at PCI:0000:9b:00: GPU-509665ad-b600-ac93-3616-d754b23d636d

# NVRM lines that say a GPU is unusable without an Xid.
name:     hw.nvrm.gpu_unusable
kind:     hw.nvrm
severity: warning
priority: -5
literal:  NVRM:
regex:    NVRM: (?<msg>(?:The NVIDIA probe routine failed for \d+ device|Rate limiting GSP RPC error prints for GPU at PCI:(?<bus>[0-9a-fA-F:.]+) .*likely needs to be reset|GPU [0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]: RmInitAdapter failed)(?:.*\S)?)
doc:      the driver could not initialise a GPU or says it needs a reset; pair with the Xid / fallen-off-bus events on the same host
# real (train-021)
example:  [ 1843.439662] NVRM: The NVIDIA probe routine failed for 1 device(s).
expect:   msg=The NVIDIA probe routine failed for 1 device(s).
# real (train-063)
example:  [Sun Feb 23 16:24:36 2025] NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:9b:00 (printing 1 of every 30).  The GPU likely needs to be reset.
expect:   bus=0000:9b:00
not:      [Sun Feb 23 16:24:18 2025] NVRM: GPU4 RPC history (CPU -> GSP):

# Any other NVRM line (context: RPC dumps, driver banners).
name:     hw.nvrm
kind:     hw.nvrm
severity: info
priority: -10
literal:  NVRM:
regex:    NVRM:\s*(?<msg>\S(?:.*\S)?)
doc:      other NVIDIA kernel-driver output (context for nearby Xid events)
# real (train-063)
example:  [Sun Feb 23 16:24:18 2025] NVRM: GPU4 GSP RPC buffer contains function 103 (GSP_RM_ALLOC) and data 0x0000000000002081 0x0000000000000004.
expect:   msg=GPU4 GSP RPC buffer contains function 103 (GSP_RM_ALLOC) and data 0x0000000000002081 0x0000000000000004.
# real (train-021)
example:  [ 1843.439669] NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  570.158.01  Release Build  (dvs-builder@U22-I3-B10-02-5)  Mon Jun  2 13:13:04 UTC 2025
not:      [Fri Aug 30 11:11:22 2024] nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing

# nvidia-peermem (GPUDirect RDMA) noise when a process exits with registered
# GPU memory; not a fault by itself.
name:     hw.peermem_invalid_context
kind:     benign
severity: info
store:    once
literal:  nv_get_p2p_free_callback
regex:    nvidia-peermem nv_get_p2p_free_callback:\d+ ERROR detected invalid context
doc:      nvidia-peermem saw a GPU memory registration torn down while still in use (usually a process exiting); harmless unless RDMA errors follow
# real (train-023)
example:  [Fri Aug 30 11:11:22 2024] nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing
not:      [Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter

# PCIe Advanced Error Reporting from the kernel's pcieport driver: an
# uncorrected (fatal) error on the link often precedes a GPU falling off
# the bus. It names the port (a bridge), not the GPU, so it supports a
# hardware verdict rather than naming the rank. Format: the kernel's
# drivers/pci/pcie/aer.c ("AER: %s error received: %s", "PCIe Bus Error:
# severity=%s, type=%s, (%s)").
name:     hw.pcie_aer
kind:     hw.pcie_aer
severity: error
literal:  Uncorrected (
literal:  PCIe Bus Error: severity=Uncorrected
regex:    (?<port>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]): (?:AER: (?:Multiple )?Uncorrected \((?<severity_name>Fatal|Non-Fatal)\) error received|PCIe Bus Error: severity=Uncorrected \((?<aer_severity>Fatal|Non-Fatal)\))
doc:      a PCIe link error the kernel could not correct; check the GPU and the slot behind this port
# kernel 5.x/6.x pcieport AER lines, as journald relays them
example:  Feb 14 08:23:26 node3 kernel: [1089667.596000] pcieport 0000:98:01.0: AER: Uncorrected (Fatal) error received: 0000:98:01.0
expect:   port=0000:98:01.0
expect:   severity_name=Fatal
example:  [1089667.596040] pcieport 0000:98:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)
expect:   aer_severity=Fatal
# dmesg -H relative times, several errors at once (returnn-1500)
example:  [  +0.000001] pcieport 0000:00:03.0: AER: Multiple Uncorrected (Fatal) error received: 0000:00:03.0
expect:   port=0000:00:03.0
expect:   severity_name=Fatal
# older kernels name the source by id (gpu-burn-1)
example:  [74889.542031] pcieport 0000:00:02.0: AER: Uncorrected (Fatal) error received: id=0010
expect:   severity_name=Fatal
not:      [1089667.596040] pcieport 0000:98:01.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)
not:      [  +0.000316] pcieport 0000:00:03.0: AER: Corrected error received: 0000:00:03.0

# The GPU is gone from the host's point of view without an Xid in the
# bundle: NVML cannot open it (nvidia-smi), or the kernel's PCIe error
# recovery gave up on the nvidia device. Kind hw.gpu_lost.
name:     hw.nvml.device_handle
kind:     hw.gpu_lost
severity: error
literal:  Unable to determine the device handle for GPU
regex:    Unable to determine the device handle for GPU ?(?<bus>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]): (?<error>\S.*?)\s*$
doc:      nvidia-smi/NVML cannot reach this GPU (Unknown Error, GPU is lost): it fell off the bus or hung; drain the node, reset or reseat the GPU, check dmesg for Xid 79 and PCIe AER errors.
# nvidia-smi -a -i 0 under a running container (nvidia-docker-1553)
example:  Unable to determine the device handle for GPU 0000:09:00.0: Unknown Error
expect:   bus=0000:09:00.0
expect:   error=Unknown Error
# no blank before the bus id, upper-case hex (haotian-liu/LLaVA#1466 title)
example:  Unable to determine the device handle for GPU0000:4F:00.0: Unknown Error
expect:   bus=0000:4F:00.0
# driver's own verdict (JosephKJ/OWOD#81)
example:  Unable to determine the device handle for GPU 0000:02:00.0: GPU is lost. Reboot the system to recover this GPU
expect:   error=GPU is lost. Reboot the system to recover this GPU
# (limbo0000/InstanceLoc#20 shows the same line after a training run jammed)
example:  Unable to determine the device handle for GPU 0000:81:00.0: Unknown Error
not:      zeyer@cn-234 ~ % nvidia-smi

name:     hw.aer.gpu_unrecoverable
kind:     hw.gpu_lost
severity: error
literal:  AER: can't recover
regex:    nvidia (?<bus>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]): AER: can't recover
doc:      the kernel's PCIe error recovery gave up on the GPU itself (the nvidia driver has no AER handlers): the GPU is unusable until a reset or reboot.
# dmesg -H after a fatal AER on the root port (returnn-1500)
example:  [  +0.000844] nvidia 0000:03:00.0: AER: can't recover (no error_detected callback)
expect:   bus=0000:03:00.0
# eGPU completion timeout (NVIDIA/open-gpu-kernel-modules#1229)
example:  nvidia 0000:63:00.0: AER: can't recover (no error_detected callback)
expect:   bus=0000:63:00.0
not:      [  +0.000001] snd_hda_intel 0000:03:00.1: AER: can't recover (no error_detected callback)

# AMD GPUs (the Linux amdgpu driver, MI200/MI300 and Radeon). Its RAS
# code reports an error a GPU block could not correct
# (amdgpu_ras.c: `uncorrectable hardware error(%s) detected!`, then a
# forced mode-1 reset) and dumps the error banks it read as `[Hardware
# Error]` records (amdgpu_mca.c's `aca entry[NN].IPID/SYND=...`, after an
# event id `{N}`), which corrected errors produce too. Kind hw.amd_ras.
name:     hw.amd_ras
kind:     hw.amd_ras
severity: error
literal:  uncorrectable h
literal:  [Hardware Error]: 
regex:    amdgpu (?<bus>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]): (?:amdgpu: )?(?:\{\d+\})?(?:(?<error>uncorrectable hardware error)\((?<event>\w+)\) detected!|\[Hardware Error\]: (?<error>.*?))\s*$
doc:      the AMD GPU reported a hardware error: uncorrectable (the driver resets the GPU; the job on it is lost) or an error bank record (corrected errors too); drain the node if uncorrectable errors repeat, check `amd-smi metric --ecc` / `rocm-smi --showrasinfo`.
# two MI50s under ROCm 4.0, an AMD engineer's reading "severe hardware error" (ROCm/legacy-rocm-build#1386)
example:  [ 1358.996458] amdgpu 0000:83:00.0: uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!
expect:   bus=0000:83:00.0
expect:   error=uncorrectable hardware error
expect:   event=ERREVENT_ATHUB_INTERRUPT
# an MI50, dmesg -T, the reset that follows (ROCm/legacy-rocm-build#1886)
example:  [Sat Jan  7 14:25:56 2023] amdgpu 0000:e3:00.0: amdgpu: uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!
expect:   bus=0000:e3:00.0
# eight MI300X under axolotl, the error banks before the reset (ROCm/legacy-rocm-build#4021, dev half)
example:  [76914.190122] amdgpu 0000:9d:00.0: {1}[Hardware Error]: aca entry[11].IPID=0x0000605011a09201
expect:   error=aca entry[11].IPID=0x0000605011a09201
not:      [Sat Jan  7 14:25:56 2023] amdgpu 0000:e3:00.0: amdgpu: MEM ECC is active.

# An AMD GPU stopped making progress and is reset: the driver's job
# timeout on a ring (amdgpu_job.c: `ring %s timeout, signaled seq=%u,
# emitted seq=%u`, `[drm:amdgpu_job_timedout [amdgpu]] *ERROR*` before
# kernel 6.x), its recovery (amdgpu_device.c: `GPU reset begin!`,
# `. Source:  N` in newer kernels), and ROCm's runtime in the process
# (`HW Exception by GPU node-N (Agent handle: ...) reason :GPU Hang` or
# `:ECC`). A hang can be the hardware's or a kernel's (a bad index into
# an embedding hung a GPU in pytorch/pytorch#75642): it supports a
# hardware verdict, except the runtime's ECC reason. Kind hw.amd_reset.
# (The literals are cut short of ` seq`, `hard` and `reset b`, which
# storm's lines print or other literals share: the prefilter anchors.)
name:     hw.amd_reset
kind:     hw.amd_reset
severity: error
literal:  begin!
literal:  signaled s
literal:  HW Exception by GPU node-
regex:    (?:amdgpu (?<bus>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]): amdgpu: (?<event>GPU reset begin!)(?:\. Source: +(?<source>\d+))?|(?:amdgpu (?<bus>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]): (?:amdgpu: )?|\*ERROR\* )ring (?<ring>\S+) (?<event>timeout), signaled seq=\d+, emitted seq=\d+|(?<event>HW Exception) by GPU node-(?<node>\d+) \(Agent handle: \S+\) reason :(?<reason>.*?))\s*$
doc:      an AMD GPU hung and was reset (the job's work on it is lost), or ROCm's runtime saw the hang or an ECC error in this process: with no error of the training's own, suspect the GPU (check dmesg for amdgpu RAS errors, `amd-smi`), with one (an out-of-range index, a bad kernel), that first.
# MI300X (ROCm/legacy-rocm-build#4021, dev half)
example:  [76914.214195] amdgpu 0000:dd:00.0: amdgpu: GPU reset begin!
expect:   bus=0000:dd:00.0
expect:   event=GPU reset begin!
# a newer kernel names the reset's source (ROCm/legacy-rocm-build#5724)
example:  [  950.818199] amdgpu 0000:c5:00.0: amdgpu: GPU reset begin!. Source:  3
expect:   event=GPU reset begin!
expect:   source=3
# the older DRM_ERROR form, through journald (pytorch/pytorch#75642)
example:  Apr 12 00:54:42 hostname kernel: [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=159760, emitted seq=159762
expect:   ring=gfx_0.0.0
expect:   event=timeout
# dev_err's form (ggml-org/llama.cpp#21724; ROCm/legacy-rocm-build#5933 a compute ring)
example:  [27109.509433] amdgpu 0000:03:00.0: amdgpu: ring comp_1.1.1 timeout, signaled seq=7091, emitted seq=7093
expect:   ring=comp_1.1.1
# ROCr in a PyTorch process (lamikr/rocm_sdk_builder#141; vLLM in ROCm/legacy-rocm-build#5590)
example:  HW Exception by GPU node-1 (Agent handle: 0x5ab48bbcc960) reason :GPU Hang
expect:   event=HW Exception
expect:   node=1
expect:   reason=GPU Hang
not:      [ 2744.090326] amdgpu 0000:2b:00.0: amdgpu: GPU reset succeeded, trying to resume
