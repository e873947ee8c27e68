// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings_check.h"

#include <algorithm>

#include "partitioner.h"
#include "registry.h"
#include "system_jacobian.h"

namespace hs::sim {

std::vector<std::string> pressureMethodHosts(const Registry& reg, const Netlist& net) {
    std::vector<std::string> v;
    for (const auto& c : net.components) {
        const ComponentSpec* spec = reg.find(c.type);
        if (spec && spec->hostsPressureMethod) v.push_back(c.id);
    }
    return v;
}

const MethodSetting& effectiveMethod(const SolverSettings& s, const std::string& host) {
    const auto it = s.methods.find(host);
    return it == s.methods.end() ? s.defaultMethod : it->second;
}

std::vector<SettingsIssue> checkSolverSettings(const Registry& reg, const SolverSettings& s,
                                               const std::vector<std::string>& hosts,
                                               const std::vector<std::string>& components) {
    std::vector<SettingsIssue> out;
    auto issue = [&](std::string key, std::string subject, std::string text) {
        out.push_back({std::move(key), std::move(subject), std::move(text)});
    };
    const StepperSpec* st = reg.findStepper(s.stepper);
    if (!st) issue("stepper", "", "unknown stepper '" + s.stepper + "' (known: " + reg.stepperList() + ")");
    const std::string fixedSteppers = reg.stepperList([](const StepperSpec& x) { return x.supportsPressureMethods; });
    const std::string partitionSteppers = reg.stepperList([](const StepperSpec& x) { return x.supportsPartitions; });
    const bool parallel = s.threads > 1 || !s.partition.empty();

    for (const auto& [id, m] : s.methods)
        if (std::find(hosts.begin(), hosts.end(), id) == hosts.end())
            issue("methods", id, "pressure method set for '" + id + "', which is not a volume on a node of this circuit");
    std::vector<std::string> notPartitionable;
    for (const auto& h : hosts) {
        const MethodSetting& m = effectiveMethod(s, h);
        const MethodSpec* ms = reg.findMethod(m.method);
        if (!ms) continue;  // the builder names unknown methods and bad parameters per volume
        const std::string key = s.methods.count(h) ? "methods" : "default_method";
        if (st && ms->needsFixedStep && !st->supportsPressureMethods)
            issue(key, h, "volume '" + h + "': pressure method '" + m.method + "' updates once per step and needs a fixed-step stepper (" +
                              fixedSteppers + "), not '" + s.stepper + "'");
        if (!ms->partitions) notPartitionable.push_back(h + " (" + m.method + ")");
    }
    if (s.threads < 1 || s.threads > 64)
        issue("threads", "", std::to_string(s.threads) + " threads: expected 1 to 64");
    for (const auto& [id, k] : s.partition) {
        if (!components.empty() && std::find(components.begin(), components.end(), id) == components.end())
            issue("partition", id, id + ": no such component");
        else if (k < 0 || k >= s.threads)
            issue("partition", id, id + ": partition " + std::to_string(k) + " outside 0.." + std::to_string(s.threads - 1) +
                                       " (threads = " + std::to_string(s.threads) + ")");
    }
    if (JacobianKind kind{}; !parseJacobianKind(s.jacobian, kind))
        issue("jacobian", "", "unknown jacobian '" + s.jacobian + "' (expected analytic or differences)");
    if (!s.kernel.empty() && s.kernel != "interpreted" && s.kernel != "generated")
        issue("kernel", "", "unknown kernel '" + s.kernel + "' (expected interpreted or generated)");
    if (PartitionMapper mapper; !parsePartitionMapper(s.partitionMapper, mapper))
        issue("partition_mapper", "", "unknown partition mapper '" + s.partitionMapper + "' (expected balanced or optimal)");
    if (parallel && st && !st->supportsPartitions)
        issue("threads", "", "parallel partitions need the " + partitionSteppers + " stepper, not '" + s.stepper + "'");
    if (parallel && !notPartitionable.empty()) {
        std::string list;
        for (const auto& v : notPartitionable) list += (list.empty() ? "" : ", ") + v;
        std::vector<std::string> ok;
        for (const MethodSpec* ms : reg.methods())
            if (ms->partitions) ok.push_back(ms->id);
        std::string okList;
        for (size_t i = 0; i < ok.size(); ++i) okList += (i == 0 ? "" : i + 1 == ok.size() ? " and " : ", ") + ok[i];
        issue("threads", "", "parallel partitions support the " + okList + " pressure methods only: " + list);
    }
    return out;
}

}  // namespace hs::sim
