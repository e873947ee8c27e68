// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlp.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace hs::learn {

const char* activationName(Activation a) {
    switch (a) {
    case Activation::Logistic: return "logistic";
    case Activation::Tanh: return "tanh";
    case Activation::Linear: return "linear";
    }
    return "?";
}

bool parseActivation(const std::string& s, Activation& a) {
    if (s == "logistic") a = Activation::Logistic;
    else if (s == "tanh") a = Activation::Tanh;
    else if (s == "linear") a = Activation::Linear;
    else return false;
    return true;
}

namespace {

// Activation applied in place; dA receives its derivative at the same points.
void activate(Activation a, Eigen::MatrixXd& Z, Eigen::MatrixXd* dA) {
    switch (a) {
    case Activation::Logistic:
        Z = (1.0 / (1.0 + (-Z.array()).exp())).matrix();
        if (dA) *dA = (Z.array() * (1.0 - Z.array())).matrix();
        break;
    case Activation::Tanh:
        Z = Z.array().tanh().matrix();
        if (dA) *dA = (1.0 - Z.array().square()).matrix();
        break;
    case Activation::Linear:
        if (dA) dA->setOnes(Z.rows(), Z.cols());
        break;
    }
}

}  // namespace

Mlp::Mlp(int inputs, const std::vector<int>& hidden, Activation a) : inputs_(inputs), hidden_(hidden), act_(a) {
    Eigen::Index n = 0;
    int in = inputs;
    for (int h : hidden_) {
        n += static_cast<Eigen::Index>(in) * h + h;
        in = h;
    }
    n += in + 1;
    w_ = Eigen::VectorXd::Zero(n);
}

std::vector<Mlp::LayerView> Mlp::layers() const {
    std::vector<LayerView> v;
    Eigen::Index off = 0;
    int in = inputs_;
    for (int h : hidden_) {
        v.push_back({in, h, off});
        off += static_cast<Eigen::Index>(in) * h + h;
        in = h;
    }
    v.push_back({in, 1, off});
    return v;
}

void Mlp::initialise(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (const LayerView& l : layers()) {
        const double scale = std::sqrt(6.0 / (l.in + l.out));
        for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(l.in) * l.out; ++i) w_[l.offset + i] = scale * u(rng);
        for (int i = 0; i < l.out; ++i) w_[l.offset + static_cast<Eigen::Index>(l.in) * l.out + i] = 0.1 * u(rng);
    }
}

Eigen::VectorXd Mlp::forward(const Eigen::MatrixXd& X) const {
    Eigen::MatrixXd A = X;
    const auto ls = layers();
    for (size_t k = 0; k < ls.size(); ++k) {
        const LayerView& l = ls[k];
        Eigen::Map<const Eigen::MatrixXd> W(w_.data() + l.offset, l.out, l.in);
        Eigen::Map<const Eigen::VectorXd> b(w_.data() + l.offset + static_cast<Eigen::Index>(l.in) * l.out, l.out);
        Eigen::MatrixXd Z = (W * A).colwise() + b;
        if (k + 1 < ls.size()) activate(act_, Z, nullptr);
        A = std::move(Z);
    }
    return A.row(0).transpose();
}

double Mlp::forward1(const double* x) const {
    int widest = inputs_;
    for (int h : hidden_) widest = std::max(widest, h);
    if (scratch_.size() < static_cast<size_t>(2 * widest)) scratch_.assign(static_cast<size_t>(2 * widest), 0.0);
    const double* a = x;
    double* bufs[2] = {scratch_.data(), scratch_.data() + widest};
    int in = inputs_, which = 0;
    Eigen::Index off = 0;
    for (size_t k = 0; k <= hidden_.size(); ++k) {
        const int out = k < hidden_.size() ? hidden_[k] : 1;
        Eigen::Map<const Eigen::MatrixXd> W(w_.data() + off, out, in);
        Eigen::Map<const Eigen::VectorXd> b(w_.data() + off + static_cast<Eigen::Index>(in) * out, out);
        Eigen::Map<const Eigen::VectorXd> av(a, in);
        Eigen::Map<Eigen::VectorXd> z(bufs[which], out);
        z.noalias() = W * av;
        z += b;
        if (k < hidden_.size()) {
            switch (act_) {
            case Activation::Logistic: z = (1.0 / (1.0 + (-z.array()).exp())).matrix(); break;
            case Activation::Tanh: z = z.array().tanh().matrix(); break;
            case Activation::Linear: break;
            }
        }
        off += static_cast<Eigen::Index>(in) * out + out;
        in = out;
        a = bufs[which];
        which ^= 1;
    }
    return a[0];
}

void Mlp::forwardKeepingLayers(const Eigen::MatrixXd& X, std::vector<Eigen::MatrixXd>& A,
                               std::vector<Eigen::MatrixXd>& dA) const {
    const auto ls = layers();
    A.assign(ls.size() + 1, {});
    dA.assign(ls.size(), {});
    A[0] = X;
    for (size_t k = 0; k < ls.size(); ++k) {
        const LayerView& l = ls[k];
        Eigen::Map<const Eigen::MatrixXd> W(w_.data() + l.offset, l.out, l.in);
        Eigen::Map<const Eigen::VectorXd> b(w_.data() + l.offset + static_cast<Eigen::Index>(l.in) * l.out, l.out);
        A[k + 1] = (W * A[k]).colwise() + b;
        if (k + 1 < ls.size()) activate(act_, A[k + 1], &dA[k]);
    }
}

void Mlp::jacobian(const Eigen::MatrixXd& X, Eigen::VectorXd& out, Eigen::MatrixXd& J) const {
    const auto ls = layers();
    const Eigen::Index n = X.cols();
    std::vector<Eigen::MatrixXd> A, dA;
    forwardKeepingLayers(X, A, dA);
    out = A.back().row(0).transpose();
    J.resize(n, w_.size());
    // delta = d output / d pre-activation of layer k, one column per sample.
    Eigen::MatrixXd delta = Eigen::MatrixXd::Ones(1, n);
    for (size_t k = ls.size(); k-- > 0;) {
        const LayerView& l = ls[k];
        // dOut/dW(i,j) = delta(i) * A_k(j): column offset + i + j*out.
        for (int j = 0; j < l.in; ++j)
            for (int i = 0; i < l.out; ++i)
                J.col(l.offset + i + static_cast<Eigen::Index>(j) * l.out) =
                    (delta.row(i).array() * A[k].row(j).array()).transpose();
        for (int i = 0; i < l.out; ++i)
            J.col(l.offset + static_cast<Eigen::Index>(l.in) * l.out + i) = delta.row(i).transpose();
        if (k > 0) {
            Eigen::Map<const Eigen::MatrixXd> W(w_.data() + l.offset, l.out, l.in);
            delta = ((W.transpose() * delta).array() * dA[k - 1].array()).matrix();
        }
    }
}

double Mlp::sseGradient(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Eigen::VectorXd& g) const {
    const auto ls = layers();
    std::vector<Eigen::MatrixXd> A, dA;
    forwardKeepingLayers(X, A, dA);
    const Eigen::RowVectorXd e = y.transpose() - A.back().row(0);
    g.setZero(w_.size());
    // delta = d SSE / d pre-activation of layer k, one column per sample.
    Eigen::MatrixXd delta = -2.0 * e;
    for (size_t k = ls.size(); k-- > 0;) {
        const LayerView& l = ls[k];
        Eigen::Map<Eigen::MatrixXd> gW(g.data() + l.offset, l.out, l.in);
        gW.noalias() = delta * A[k].transpose();
        g.segment(l.offset + static_cast<Eigen::Index>(l.in) * l.out, l.out) = delta.rowwise().sum();
        if (k > 0) {
            Eigen::Map<const Eigen::MatrixXd> W(w_.data() + l.offset, l.out, l.in);
            delta = ((W.transpose() * delta).array() * dA[k - 1].array()).matrix();
        }
    }
    return e.squaredNorm();
}

}  // namespace hs::learn
