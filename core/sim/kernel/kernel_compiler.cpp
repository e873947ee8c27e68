// SPDX-License-Identifier: GPL-3.0-or-later
#include "kernel_compiler.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include "kernel/kernel_config.h"
#include "kernel_source.h"
#include "../netlist.h"
#include "../system.h"

extern char** environ;

namespace hs::sim {

namespace fs = std::filesystem;

struct KernelLoader {
    static std::unique_ptr<GeneratedKernel> open(const std::string& path, int states, double seconds, bool cached, std::string& error);
};

GeneratedKernel::~GeneratedKernel() {
    if (ctx_ && delete_) delete_(ctx_);
    if (handle_) dlclose(handle_);
}

namespace {

std::uint64_t fnv1a(std::uint64_t h, const std::string& s) {
    for (unsigned char c : s) {
        h ^= c;
        h *= 0x100000001B3ull;
    }
    return h;
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The text of every header the source includes with quotes, recursively (the kernels include only
// the project's equations and standard headers): a changed equation makes a new hash.
void hashIncludes(const std::string& text, const fs::path& dir, std::set<fs::path>& seen, std::uint64_t& h) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const auto at = line.find("#include \"");
        if (at == std::string::npos) continue;
        const auto from = at + 10, to = line.find('"', from);
        if (to == std::string::npos) continue;
        const std::string name = line.substr(from, to - from);
        fs::path p = dir / name;
        if (!fs::exists(p)) p = fs::path(kernelconfig::kIncludeDir) / name;
        std::error_code ec;
        p = fs::weakly_canonical(p, ec);
        if (!seen.insert(p).second) continue;
        const std::string content = readFile(p);
        h = fnv1a(h, p.string());
        h = fnv1a(h, content);
        hashIncludes(content, p.parent_path(), seen, h);
    }
}

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> v;
    for (std::string w; in >> w;) v.push_back(w);
    return v;
}

// Runs the compiler; its output goes to log. "" or why it failed.
std::string compile(const fs::path& src, const fs::path& so, const fs::path& log) {
    std::vector<std::string> args{kernelconfig::kCompiler};
    for (auto& w : words(kernelconfig::kFlags)) args.push_back(w);
    args.push_back(std::string("-I") + kernelconfig::kIncludeDir);
    args.push_back("-o");
    args.push_back(so.string());
    args.push_back(src.string());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) return std::string("cannot run the compiler ") + kernelconfig::kCompiler + " recorded at configure time";
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return std::string("the compiler ") + kernelconfig::kCompiler + " failed on the generated kernel (its messages: " + log.string() + ")";
    return {};
}

}  // namespace

std::string kernelCacheDir() {
    if (const char* d = std::getenv("HYDROSTIFF_KERNEL_CACHE"); d && *d) return d;
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/hydrostiff/kernels";
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/hydrostiff/kernels";
    return (fs::temp_directory_path() / "hydrostiff-kernels").string();
}

std::unique_ptr<GeneratedKernel> KernelLoader::open(const std::string& path, int states, double seconds, bool cached,
                                                   std::string& error) {
    void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char* e = dlerror();
        error = "cannot load the kernel library " + path + ": " + (e ? e : "unknown error");
        return nullptr;
    }
    std::unique_ptr<GeneratedKernel> k(new GeneratedKernel());
    k->handle_ = h;
    auto abi = reinterpret_cast<int (*)()>(dlsym(h, "hs_kernel_abi"));
    auto count = reinterpret_cast<int (*)()>(dlsym(h, "hs_kernel_states"));
    auto make = reinterpret_cast<void* (*)()>(dlsym(h, "hs_kernel_new"));
    k->delete_ = reinterpret_cast<void (*)(void*)>(dlsym(h, "hs_kernel_delete"));
    k->rhs_ = reinterpret_cast<void (*)(void*, double, const double*, double*)>(dlsym(h, "hs_kernel_rhs"));
    k->step_ = reinterpret_cast<void (*)(void*, double, double, const double*, double*)>(dlsym(h, "hs_kernel_rk4_step"));
    if (!abi || !count || !make || !k->delete_ || !k->rhs_ || !k->step_ || abi() != kKernelAbi || count() != states) {
        error = "the kernel library " + path + " does not match this program or circuit";
        return nullptr;
    }
    k->states_ = states;
    k->ctx_ = make();
    k->library_ = path;
    k->compileSeconds_ = seconds;
    k->fromCache_ = cached;
    return k;
}

std::unique_ptr<GeneratedKernel> loadKernel(const std::string& source, int states, std::string& error) {
    std::uint64_t h = 0xCBF29CE484222325ull;
    h = fnv1a(h, source);
    h = fnv1a(h, kernelconfig::kCompiler);
    h = fnv1a(h, kernelconfig::kCompilerVersion);
    h = fnv1a(h, kernelconfig::kFlags);
    std::set<fs::path> seen;
    hashIncludes(source, kernelconfig::kIncludeDir, seen, h);
    char name[32];
    std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(h));
    const fs::path dir = kernelCacheDir();
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        error = "cannot create the kernel cache " + dir.string() + ": " + ec.message();
        return nullptr;
    }
    const fs::path so = dir / (std::string(name) + ".so");
    double seconds = 0.0;
    const bool cached = fs::exists(so);
    if (!cached) {
        // Written under names of this process, then renamed: concurrent runs never load half a file.
        const std::string tag = std::string(name) + "." + std::to_string(getpid());
        const fs::path src = dir / (std::string(name) + ".cpp"), tmpSrc = dir / (tag + ".cpp"), tmpSo = dir / (tag + ".so");
        {
            std::ofstream out(tmpSrc, std::ios::binary);
            out << source;
            if (!out) {
                error = "cannot write " + tmpSrc.string();
                return nullptr;
            }
        }
        fs::rename(tmpSrc, src, ec);
        const auto t0 = std::chrono::steady_clock::now();
        error = compile(src, tmpSo, dir / (std::string(name) + ".log"));
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!error.empty()) {
            fs::remove(tmpSo, ec);
            return nullptr;
        }
        fs::rename(tmpSo, so, ec);
        if (ec) {
            error = "cannot store the kernel library in " + so.string() + ": " + ec.message();
            return nullptr;
        }
    }
    return KernelLoader::open(so.string(), states, seconds, cached, error);
}

}  // namespace hs::sim

namespace hs::sim {

std::string useGeneratedKernel(System& sys, const SolverSettings& s) {
    if (s.stepper != "rk4") return "it runs the rk4 stepper only, not '" + s.stepper + "'";
    if (s.threads > 1 || !s.partition.empty() || s.ranks) return "it runs one partition on one thread";
    std::string source;
    std::string why = sys.kernelSource(source);
    if (!why.empty()) return why;
    std::unique_ptr<GeneratedKernel> k = loadKernel(source, sys.stateCount(), why);
    if (!k) return why;
    sys.useKernel(std::move(k));
    return {};
}

}  // namespace hs::sim
