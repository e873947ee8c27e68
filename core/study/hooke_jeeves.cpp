// SPDX-License-Identifier: GPL-3.0-or-later
#include "hooke_jeeves.h"

#include <algorithm>

namespace hs::study {

HookeJeevesResult hookeJeeves(const std::function<double(const std::vector<double>&)>& f, std::vector<double> x0,
                              std::vector<double> step, const std::vector<double>& lo, const std::vector<double>& hi,
                              double shrink, int divisions, int maxEvaluations) {
    HookeJeevesResult r;
    const size_t n = x0.size();
    auto clamp = [&](std::vector<double> x) {
        for (size_t i = 0; i < n; ++i) x[i] = std::clamp(x[i], lo[i], hi[i]);
        return x;
    };
    auto eval = [&](const std::vector<double>& x) {
        ++r.evaluations;
        return f(x);
    };
    // Exploratory moves around base (value fbase): each coordinate +step, else -step, kept if better.
    auto explore = [&](std::vector<double> base, double& fbase) {
        for (size_t i = 0; i < n && r.evaluations < maxEvaluations; ++i)
            for (double dir : {1.0, -1.0}) {
                std::vector<double> t = base;
                t[i] = std::clamp(t[i] + dir * step[i], lo[i], hi[i]);
                if (t[i] == base[i]) continue;
                const double ft = eval(t);
                if (ft < fbase) {
                    base = t;
                    fbase = ft;
                    break;
                }
            }
        return base;
    };
    std::vector<double> xo = clamp(x0);
    double fo = eval(xo);
    int divided = 0;
    while (r.evaluations < maxEvaluations) {
        double fn = fo;
        std::vector<double> xn = explore(xo, fn);
        if (fn < fo) {
            // Pattern moves while they pay: Xp = Xn + (Xn - Xo), explored around.
            while (r.evaluations < maxEvaluations) {
                std::vector<double> xp(n);
                for (size_t i = 0; i < n; ++i) xp[i] = xn[i] + (xn[i] - xo[i]);
                xp = clamp(xp);
                double fp = eval(xp);
                std::vector<double> xe = explore(xp, fp);
                xo = xn;
                fo = fn;
                if (fp < fn) {
                    xn = xe;
                    fn = fp;
                } else {
                    break;
                }
            }
            xo = xn;
            fo = fn;
        } else {
            if (divided++ >= divisions) break;
            for (double& s : step) s /= shrink;
        }
    }
    r.x = xo;
    r.f = fo;
    return r;
}

}  // namespace hs::study
