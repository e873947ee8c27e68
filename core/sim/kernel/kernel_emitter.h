// SPDX-License-Identifier: GPL-3.0-or-later
// What a component writes into a generated circuit kernel (Component::emitKernel): the call of its
// equations (equations/*.h) with its parameters as compile-time constants of the kernel and its
// binding (nodes, ports, states, connected ports) as the constants of its access object
// (eq::FrameIo). The parameters travel as their bytes (std::bit_cast back in the kernel), so no
// field is listed a second time and every value keeps its exact bits.
#pragma once

#include <cstring>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace hs::sim {

class Component;

class KernelEmitter {
public:
    // A constant of the kernel with v's bytes, of the C++ type named `type`; returns its name.
    template <class T>
    std::string constant(const T& v, const std::string& type) {
        static_assert(std::is_trivially_copyable_v<T>, "kernel constants are copied by their bytes");
        unsigned char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        return constantBytes(type, b, sizeof(T));
    }
    // A constant array of the kernel (at least one entry); returns its name.
    std::string array(const std::vector<double>& v);
    // An interval cache of the kernel's context (held sources, equations/interval_cache.h).
    std::string cache();
    // The component's evaluation: function(args..., io) from header (relative to core/).
    template <class... A>
    bool call(const std::string& header, const std::string& function, const A&... args) {
        return callWith(header, function, {std::string(args)...});
    }

    // --- used by the kernel writer (kernel_source.cpp) -----------------------------------
    void begin(const Component& c) { current_ = &c; }
    const std::set<std::string>& includes() const { return includes_; }
    const std::string& constants() const { return constants_; }
    const std::string& body() const { return body_; }
    int caches() const { return caches_; }

private:
    std::string constantBytes(const std::string& type, const unsigned char* b, size_t n);
    bool callWith(const std::string& header, const std::string& function, const std::vector<std::string>& args);
    const Component* current_ = nullptr;
    std::set<std::string> includes_;
    std::string constants_, body_;
    int caches_ = 0, next_ = 0;
};

// A double as C++ source with its exact bits (hexadecimal float, or the special values).
std::string exactLiteral(double v);

}  // namespace hs::sim
