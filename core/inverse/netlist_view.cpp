// SPDX-License-Identifier: GPL-3.0-or-later
#include "netlist_view.h"

namespace hs::inverse {

NetlistView::NetlistView(const sim::Registry& reg, const sim::Netlist& net) : reg_(reg), net_(net) {
    for (const auto& c : net.components) {
        const sim::ComponentSpec* s = reg.find(c.type);
        if (!s) continue;
        for (const auto& p : s->ports) {
            index_[{c.id, p.id}] = static_cast<int>(slots_.size());
            slots_.push_back({&c, p.id});
        }
    }
    parent_.resize(slots_.size());
    wired_.assign(slots_.size(), false);
    for (size_t i = 0; i < parent_.size(); ++i) parent_[i] = static_cast<int>(i);
    auto join = [&](int a, int b) { parent_[static_cast<size_t>(find(a))] = find(b); };
    for (const auto& w : net.wires) {
        auto a = index_.find({w.fromComp, w.fromPort}), b = index_.find({w.toComp, w.toPort});
        if (a == index_.end() || b == index_.end()) continue;
        join(a->second, b->second);
        wired_[static_cast<size_t>(a->second)] = wired_[static_cast<size_t>(b->second)] = true;
    }
    for (const auto& c : net.components) {
        const sim::ComponentSpec* s = reg.find(c.type);
        if (!s) continue;
        for (const auto& group : s->internallyConnected)
            for (size_t k = 1; k < group.size(); ++k)
                join(index_[{c.id, s->ports[static_cast<size_t>(group[0])].id}],
                     index_[{c.id, s->ports[static_cast<size_t>(group[k])].id}]);
    }
}

int NetlistView::find(int i) const {
    while (parent_[static_cast<size_t>(i)] != i) i = parent_[static_cast<size_t>(i)] = parent_[static_cast<size_t>(parent_[static_cast<size_t>(i)])];
    return i;
}

const sim::NetComponent* NetlistView::component(const std::string& id) const {
    for (const auto& c : net_.components)
        if (c.id == id) return &c;
    return nullptr;
}

std::vector<const sim::NetComponent*> NetlistView::ofType(const std::string& type) const {
    std::vector<const sim::NetComponent*> v;
    for (const auto& c : net_.components)
        if (c.type == type) v.push_back(&c);
    return v;
}

int NetlistView::node(const std::string& comp, const std::string& port) const {
    auto it = index_.find({comp, port});
    if (it == index_.end()) return -1;
    const int root = find(it->second);
    for (size_t i = 0; i < slots_.size(); ++i)
        if (wired_[i] && find(static_cast<int>(i)) == root) return root;
    return -1;
}

std::vector<PortRef> NetlistView::peers(const std::string& comp, const std::string& port) const {
    std::vector<PortRef> v;
    const int n = node(comp, port);
    if (n < 0) return v;
    for (size_t i = 0; i < slots_.size(); ++i)
        if (find(static_cast<int>(i)) == n && !(slots_[i].first->id == comp && slots_[i].second == port))
            v.push_back({slots_[i].first, slots_[i].second});
    return v;
}

double NetlistView::num(const sim::NetComponent& c, const std::string& name) const {
    auto it = c.num.find(name);
    if (it != c.num.end()) return it->second;
    const sim::ComponentSpec* s = spec(c);
    const int i = s ? s->paramIndex(name) : -1;
    return i < 0 ? 0.0 : s->params[static_cast<size_t>(i)].def;
}

int NetlistView::choice(const sim::NetComponent& c, const std::string& name) const {
    const sim::ComponentSpec* s = spec(c);
    const int i = s ? s->paramIndex(name) : -1;
    if (i < 0) return 0;
    const sim::ParamSpec& p = s->params[static_cast<size_t>(i)];
    auto it = c.text.find(name);
    if (it != c.text.end())
        for (size_t k = 0; k < p.choices.size(); ++k)
            if (p.choices[k] == it->second) return static_cast<int>(k);
    return static_cast<int>(p.def);
}

std::string NetlistView::text(const sim::NetComponent& c, const std::string& name) const {
    auto it = c.text.find(name);
    if (it != c.text.end()) return it->second;
    const sim::ComponentSpec* s = spec(c);
    const int i = s ? s->paramIndex(name) : -1;
    return i < 0 ? std::string() : s->params[static_cast<size_t>(i)].textDef;
}

std::pair<const sim::NetComponent*, std::string> NetlistView::driverOf(const std::string& comp, const std::string& port) const {
    for (const PortRef& p : peers(comp, port)) {
        const sim::ComponentSpec* s = spec(*p.comp);
        const int i = s ? s->portIndex(p.port) : -1;
        if (i >= 0 && s->ports[static_cast<size_t>(i)].dir == sim::SignalDir::Out) return {p.comp, p.port};
    }
    return {nullptr, {}};
}

}  // namespace hs::inverse
