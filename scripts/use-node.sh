# Source this file (`. scripts/use-node.sh`) to run Torque on the Node.js that .node-version
# names. Where the machine's own Node is older, that release is fetched from the npm registry
# (the `node` package, whose install puts the official binary for this platform in place) into
# a cache folder, and put first on PATH for this shell, so npm itself runs on it too.
torque_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
torque_node="$(cat "$torque_root/.node-version")"
torque_major="${torque_node%%.*}"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$torque_major" ]; then
  torque_home="${TORQUE_NODE_HOME:-$HOME/.cache/torque-node}/$torque_node"
  if [ ! -x "$torque_home/node_modules/.bin/node" ]; then
    echo "Fetching Node.js $torque_node from the npm registry into $torque_home"
    npm install --prefix "$torque_home" --no-audit --no-fund --loglevel=error "node@$torque_node" >/dev/null
  fi
  export PATH="$torque_home/node_modules/.bin:$PATH"
  hash -r
fi
echo "Node.js $(node --version) at $(command -v node)"
unset torque_root torque_node torque_major torque_home
