"""A compatibility report as JSON (for support tools) and Markdown (for a forum post or a bug report)."""

from __future__ import annotations

from typing import Any

from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.system.polaris import is_polaris
from app.core.system.vulkaninfo import VulkanDevice

_ICONS = {Verdict.PASS: "✅", Verdict.WARN: "⚠️", Verdict.FAIL: "❌"}


def device_json(device: VulkanDevice) -> dict[str, Any]:
    return {
        "index": device.index,
        "name": device.name,
        "vendor_id": device.vendor_id,
        "device_id": device.device_id,
        "device_type": device.device_type.value,
        "api_version": device.api_version,
        "driver_version": device.driver_version,
        "driver_name": device.driver_name,
        "driver_info": device.driver_info,
        "is_polaris": is_polaris(device),
        "vram_bytes": device.vram_bytes,
        "max_allocation_bytes": device.max_allocation_bytes,
        "heaps": [{"size": h.size, "device_local": h.device_local, "budget": h.budget, "usage": h.usage}
                  for h in device.heaps],
    }


def report_json(facts: SystemFacts, report: CompatibilityReport) -> dict[str, Any]:
    selected = facts.selected
    return {
        "devices": [device_json(d) for d in facts.devices],
        "selected_device": selected.index if selected else None,
        "host": {"ram_total_bytes": facts.host.ram_total_bytes,
                 "ram_available_bytes": facts.host.ram_available_bytes, "from_paste": facts.host.from_paste},
        "checks": [{"id": c.id, "status": c.status.value, "message": c.message, "fix": c.fix}
                   for c in report.checks],
        "overall": report.overall.value,
    }


def report_markdown(facts: SystemFacts, report: CompatibilityReport) -> str:
    lines = [f"# Polaris Studio system check: {report.overall.value.upper()}", ""]
    for device in facts.devices:
        mark = " (selected)" if facts.selected and device.index == facts.selected.index else ""
        vram = f", {device.vram_bytes / 2**30:.1f} GiB VRAM" if device.vram_bytes else ""
        driver = device.driver_info or device.driver_version or "?"
        lines.append(f"- GPU{device.index}: {device.name}, {device.device_type.value}, Vulkan "
                     f"{device.api_version or '?'}, driver {driver}{vram}{mark}")
    if facts.vulkaninfo_error:  # the tool's own words, for whoever helps (the check's sentence says what it means)
        lines.append(f"- vulkaninfo: {facts.vulkaninfo_error}")
    lines.append("")
    for check in report.checks:
        # the verdict in words too: a console or file in a legacy code page (cp1252) cannot show the icon
        lines.append(f"- {_ICONS[check.status]} {check.status.value.upper()} **{check.id}**: {check.message}")
        if check.fix:
            lines.append(f"  - Fix: {check.fix}")
    return "\n".join(lines) + "\n"
