// SPDX-License-Identifier: GPL-3.0-or-later
// A multilayer perceptron with one output: layers of neurons with logistic, tanh or linear
// activation, weights in one flat vector (layer by layer: W column-major, then b). Forward pass
// and the Jacobian of the output with respect to every weight (backpropagation), both over a
// block of samples at once. No Qt, Eigen only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Dense>

namespace hs::learn {

enum class Activation { Logistic, Tanh, Linear };

const char* activationName(Activation a);
// "logistic" | "tanh" | "linear"; false if unknown
bool parseActivation(const std::string& s, Activation& a);

class Mlp {
public:
    Mlp() = default;
    // inputs -> hidden[0] -> ... -> hidden[n-1] -> 1 output (linear output layer).
    Mlp(int inputs, const std::vector<int>& hidden, Activation hiddenActivation);

    int inputs() const { return inputs_; }
    const std::vector<int>& hidden() const { return hidden_; }
    Activation activation() const { return act_; }
    int weightCount() const { return static_cast<int>(w_.size()); }
    Eigen::VectorXd& weights() { return w_; }
    const Eigen::VectorXd& weights() const { return w_; }

    // Seeded initial weights (uniform, Glorot-scaled): the same seed gives the same network.
    void initialise(std::uint64_t seed);

    // Outputs for the samples in the columns of X (inputs x n).
    Eigen::VectorXd forward(const Eigen::MatrixXd& X) const;
    // One sample, no allocation (uses a scratch buffer of the object: not for concurrent calls
    // on one Mlp).
    double forward1(const double* x) const;
    // Outputs and the Jacobian J (n x weightCount) of each sample's output w.r.t. the weights.
    void jacobian(const Eigen::MatrixXd& X, Eigen::VectorXd& out, Eigen::MatrixXd& J) const;
    // Sum of squared errors sum (y - out)^2 over the samples of X and its gradient g (weightCount)
    // w.r.t. the weights, by backpropagation (no Jacobian is formed: for first-order trainers).
    double sseGradient(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Eigen::VectorXd& g) const;

private:
    // The forward pass over the samples (columns of X) keeping each layer's output A[k] (A[0] = X,
    // A.back() the network's output) and the hidden activations' derivatives dA[k]: what the
    // Jacobian and the gradient propagate back through.
    void forwardKeepingLayers(const Eigen::MatrixXd& X, std::vector<Eigen::MatrixXd>& A,
                              std::vector<Eigen::MatrixXd>& dA) const;

    struct LayerView {
        int in, out;
        Eigen::Index offset;  // W at offset (out x in, column-major), b at offset + in*out
    };
    std::vector<LayerView> layers() const;

    mutable std::vector<double> scratch_;
    int inputs_ = 0;
    std::vector<int> hidden_;
    Activation act_ = Activation::Logistic;
    Eigen::VectorXd w_;
};

}  // namespace hs::learn
