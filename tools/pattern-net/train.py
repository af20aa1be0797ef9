"""Pattern networks: per pattern, a small network of the pattern's squares and the game's phase,
trained on the positions `train net-export` writes.

    tools/pattern-net/run.sh POSITIONS.bin OUT.net [--hidden 32] [--layers 2] [--epochs 60]
    train test --dir DIR --weights OUT.net      # the same held-out games as train fit's

By default (`--phase heads`) each pattern's network reads its squares only and gives one value per
phase head (nine points of the game); a position's phase mixes the heads (weights that sum to
one, largest at the nearest point). The network is then evaluated once per configuration, not once
per configuration and stage, which is what lets the engine expand it into its tables at load in
a fraction of a second: OUT is a network file the engine reads (`RVPNET01` version 2, see
src/othello/eval/pattern/network.rs). With `--phase bumps` or `scalar` the phase is an input of
every network instead, and OUT is the tables already expanded, for `train net-import`:

    tools/pattern-net/run.sh POSITIONS.bin OUT.f32 --phase bumps --hidden 64
    train net-import --in OUT.f32 --stages 61 --out net.bin

JAX (with optax for the optimiser) does the gradients: the CPU build installs from PyPI in
seconds where PyTorch's CPU build needs its own index (not reachable from the development
machine). `run.sh` makes the environment, pinned.
"""

import argparse
import struct
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
import optax

PATTERN_SQUARES = [10, 9, 10, 8, 8, 8, 8, 7, 6, 5, 4]
MOBILITY_CAP = 31
STAGES = 61  # one per number of discs, 4 to 64


def read_positions(path):
    """The positions file of `train net-export` (its layout is documented there)."""
    data = open(path, "rb").read()
    if data[:8] != b"RVNET001":
        sys.exit(f"train.py: '{path}' is not a positions file of train net-export")
    count, instances = np.frombuffer(data, "<u4", 2, 8)
    at = 16
    instance_pattern = np.frombuffer(data, np.uint8, instances, at).astype(np.int32)
    at += instances
    reps = []
    for _ in PATTERN_SQUARES:
        (classes,) = np.frombuffer(data, "<u4", 1, at)
        at += 4
        reps.append(np.frombuffer(data, "<u4", classes, at).astype(np.int64))
        at += 4 * classes
    record = np.dtype([("config", "<u2", (instances,)), ("own", "u1"), ("opp", "u1"), ("discs", "u1"), ("score", "i1"), ("flags", "u1")])
    rows = np.frombuffer(data, record, count, at)
    return instance_pattern, reps, rows


def one_hot_tables():
    """Per pattern, every configuration's squares one-hot (empty, own, opponent): 3n inputs."""
    tables = []
    for n in PATTERN_SQUARES:
        index = np.arange(3**n)
        digits = (index[:, None] // 3 ** np.arange(n)[None, :]) % 3
        tables.append(np.eye(3, dtype=np.float32)[digits].reshape(3**n, 3 * n))
    return tables


def phase_features(phase, kind):
    """The phase (0 at the start, 1 at the end) as the networks see it: the number alone, or with
    bumps centred on nine points of the game, so that a network can change its mind quickly where
    the game does (near the end)."""
    phase = phase[..., None]
    if kind == "scalar":
        return phase
    centres = jnp.linspace(0.0, 1.0, 9)
    return jnp.concatenate([phase, jnp.exp(-(((phase - centres) / 0.08) ** 2))], -1)


def head_mix(phase, heads, width):
    """How much each of the phase heads counts at `phase`: bumps of `width` centred on the heads'
    points, scaled to sum to one (the network file carries each stage's mix: the engine reads it)."""
    centres = jnp.linspace(0.0, 1.0, heads)
    bumps = jnp.exp(-(((phase[..., None] - centres) / width) ** 2))
    # The smallest left out, so that the engine's expansion skips those heads.
    bumps = jnp.where(bumps < 1e-4, 0.0, bumps)
    return bumps / bumps.sum(-1, keepdims=True)


def bf16_bits(values):
    """float32 values rounded to bfloat16 (to nearest, ties to even), as 16-bit patterns."""
    bits = np.asarray(values, np.float32).ravel().view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype("<u2")


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def write_network(path, params, hidden, layers, heads, width, stages):
    """The network file the engine reads (layout: src/othello/eval/pattern/network.rs), with each
    stage's mix of the heads: stages of equal ranges of discs, as the engine's stage_of, each mixed
    at its middle."""
    discs = np.arange(4, 65)
    stage = np.minimum((discs - 4) * stages // 61, stages - 1)
    middle = np.array([((discs[stage == s] - 4) / 60).mean() for s in range(stages)])
    mixes = np.asarray(head_mix(jnp.asarray(middle), heads, width), "<f4")
    parts = [mixes.tobytes()]
    for layer_params in params["patterns"]:
        for w, b in layer_params:
            # Eight-bit weights, a scale per output: the largest weight of each output is ±127.
            w = np.asarray(w, np.float32)
            scales = (np.abs(w).max(axis=0) / np.float32(127)).astype("<f4")
            safe = np.where(scales > 0, scales, np.float32(1))
            q = np.clip(np.round(w / safe), -127, 127).astype(np.int8)
            parts += [scales.tobytes(), q.tobytes(), bf16_bits(b).tobytes()]
    for v in (params["own"], params["opp"], params["const"]):
        parts.append(bf16_bits(v).tobytes())
    payload = b"".join(parts)
    header = b"RVPNET01" + bytes([2, heads, hidden, hidden if layers == 2 else 0, stages])
    header += struct.pack("<I", len(payload))
    body = header + payload
    with open(path, "wb") as out:
        out.write(body + struct.pack("<Q", fnv1a64(body)))


def init_mlp(key, sizes):
    params = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (a, b)) * np.sqrt(2.0 / a), jnp.zeros(b)))
    return params


def mlp(params, x, activation="gelu", outputs=1):
    act = jax.nn.relu if activation == "relu" else jax.nn.gelu
    for w, b in params[:-1]:
        x = act(x @ w + b)
    w, b = params[-1]
    y = x @ w + b
    return y if outputs > 1 else y[..., 0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("positions")
    parser.add_argument("out")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--decay", type=float, default=1e-4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--phase", choices=["heads", "scalar", "bumps"], default="heads")
    # Phase heads at evenly spaced points of the game (0 at the start, 1 at the end), and their width.
    parser.add_argument("--heads", type=int, default=9)
    parser.add_argument("--head-width", type=float, default=0.1)
    # The tables the engine makes of the network: one per number of discs (61), or fewer; a list
    # (61,31) writes OUT for the first and OUT.sN for each other.
    parser.add_argument("--stages", default="61")
    # One hidden layer expands about ten times faster than two (the second layer's products are
    # most of the work of the expansion).
    parser.add_argument("--layers", type=int, choices=[1, 2], default=2)
    args = parser.parse_args()

    instance_pattern, reps, rows = read_positions(args.positions)
    held = (rows["flags"] & 2) != 0
    exact = (rows["flags"] & 1) != 0
    tables = [jnp.asarray(t) for t in one_hot_tables()]
    groups = [np.flatnonzero(instance_pattern == p) for p in range(len(PATTERN_SQUARES))]
    eye = jnp.eye(MOBILITY_CAP + 1)

    key = jax.random.PRNGKey(args.seed)
    params = {"patterns": [], "own": None, "opp": None, "const": None}
    h = args.hidden
    heads = args.phase == "heads"
    K = args.heads
    # ReLU for the heads' networks (the engine's expansion computes it in one instruction);
    # GELU, as first tried, for the networks with the phase as input.
    act = "relu" if heads else "gelu"
    if heads:
        # Mobility and the constant: a value per head (a one-hot input through a network is a table).
        for n in PATTERN_SQUARES:
            key, sub = jax.random.split(key)
            params["patterns"].append(init_mlp(sub, [3 * n] + [h] * args.layers + [K]))
        params["own"] = jnp.zeros((MOBILITY_CAP + 1, K))
        params["opp"] = jnp.zeros((MOBILITY_CAP + 1, K))
        params["const"] = jnp.zeros(K)
    else:
        f = phase_features(jnp.zeros(1), args.phase).shape[-1]
        for n in PATTERN_SQUARES:
            key, sub = jax.random.split(key)
            params["patterns"].append(init_mlp(sub, [3 * n + f] + [h] * args.layers + [1]))
        for name, inputs in [("own", MOBILITY_CAP + 1 + f), ("opp", MOBILITY_CAP + 1 + f), ("const", f)]:
            key, sub = jax.random.split(key)
            params[name] = init_mlp(sub, [inputs, 16, 1])

    def predict_heads(params, config, own, opp, phase):
        total = params["own"][own] + params["opp"][opp] + params["const"]
        for p, group in enumerate(groups):
            x = tables[p][config[:, group]]  # batch × instances × 3n
            total += mlp(params["patterns"][p], x, act, K).sum(1)
        return (total * head_mix(phase, K, args.head_width)).sum(-1)

    def predict(params, config, own, opp, phase):
        if heads:
            return predict_heads(params, config, own, opp, phase)
        ph = phase_features(phase, args.phase)
        total = mlp(params["const"], ph)
        total += mlp(params["own"], jnp.concatenate([eye[own], ph], 1))
        total += mlp(params["opp"], jnp.concatenate([eye[opp], ph], 1))
        for p, group in enumerate(groups):
            x = tables[p][config[:, group]]  # batch × instances × 3n
            t = jnp.broadcast_to(ph[:, None, :], x.shape[:2] + ph.shape[-1:])
            total += mlp(params["patterns"][p], jnp.concatenate([x, t], 2), act).sum(1)
        return total

    def loss(params, batch):
        config, own, opp, phase, score = batch
        return jnp.mean((predict(params, config, own, opp, phase) - score) ** 2)

    def arrays(select):
        r = rows[select]
        return (
            jnp.asarray(r["config"].astype(np.int32)),
            jnp.asarray(r["own"].astype(np.int32)),
            jnp.asarray(r["opp"].astype(np.int32)),
            jnp.asarray((r["discs"].astype(np.float32) - 4) / 60),
            jnp.asarray(r["score"].astype(np.float32)),
        )

    train = arrays(~held)
    test = arrays(held)
    size = int((~held).sum())
    steps = args.epochs * (size // args.batch)
    schedule = optax.cosine_decay_schedule(args.lr, steps)
    optimiser = optax.adamw(schedule, weight_decay=args.decay)
    state = optimiser.init(params)

    @jax.jit
    def step(params, state, batch):
        value, grads = jax.value_and_grad(loss)(params, batch)
        updates, state = optimiser.update(grads, state, params)
        return optax.apply_updates(params, updates), state, value

    predict_jit = jax.jit(predict)
    rng = np.random.default_rng(args.seed)
    start = time.time()
    for epoch in range(args.epochs):
        order = rng.permutation(size)
        for i in range(size // args.batch):
            pick = order[i * args.batch : (i + 1) * args.batch]
            params, state, value = step(params, state, tuple(a[pick] for a in train))
        if epoch % 10 == 9 or epoch == args.epochs - 1:
            errors = np.abs(np.asarray(predict_jit(params, *test[:4])) - np.asarray(test[4]))
            exact_held = exact[held]
            print(f"epoch {epoch + 1}: last batch mse {float(value):.1f}, held-out mean abs error {errors.mean():.2f} "
                  f"(exact labels {errors[exact_held].mean():.2f}), {time.time() - start:.0f} s", flush=True)

    if heads:
        for i, stages in enumerate(int(n) for n in args.stages.split(",")):
            path = args.out if i == 0 else f"{args.out}.s{stages}"
            write_network(path, params, h, args.layers, K, args.head_width, stages)
            print(f"network written to {path} ({stages} stages)")
        return
    # The expansion: every class's representative configuration, each stage's phase.
    out = []
    for stage in range(STAGES):
        ph = phase_features(jnp.full((1,), stage / 60), args.phase)
        for p, reps_p in enumerate(reps):
            x = tables[p][jnp.asarray(reps_p)]
            t = jnp.broadcast_to(ph, (x.shape[0], ph.shape[-1]))
            out.append(np.asarray(mlp(params["patterns"][p], jnp.concatenate([x, t], 1), act)))
        for name in ("own", "opp"):
            m = jnp.concatenate([eye, jnp.broadcast_to(ph, (MOBILITY_CAP + 1, ph.shape[-1]))], 1)
            out.append(np.asarray(mlp(params[name], m)))
        out.append(np.asarray(mlp(params["const"], ph)))
    np.concatenate(out).astype("<f4").tofile(args.out)
    print(f"{STAGES} stages written to {args.out}")


if __name__ == "__main__":
    main()
