'use strict';
// Preloaded with `node --require` into a child process by offline.test.ts. --require (unlike --import) also runs
// in every worker thread, where tesseract.js would download its models. Every attempt to reach the network is
// appended to the file named by DOCEX_NETWORK_LOG and then fails.
const fs = require('node:fs');
const net = require('node:net');
const dns = require('node:dns');
const { isMainThread, threadId } = require('node:worker_threads');

const logFile = process.env.DOCEX_NETWORK_LOG;
if (!logFile) throw new Error('DOCEX_NETWORK_LOG is not set');

function refuse(what) {
  fs.appendFileSync(logFile, `${isMainThread ? 'main' : `thread ${threadId}`}: ${what}\n`);
  return new Error(`network access blocked by the test: ${what}`);
}

globalThis.fetch = async (input) => {
  throw refuse(`fetch ${typeof input === 'string' ? input : String(input && input.url ? input.url : input)}`);
};

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(...args) {
  // net.connect() passes its normalized arguments as one array.
  const options = Array.isArray(args[0]) ? args[0][0] : args[0];
  // Unix sockets and pipes (tsx talks to its loader through one) stay local; anything with a port is the network.
  const isLocalPipe =
    typeof options === 'string' || (options && typeof options === 'object' && typeof options.path === 'string');
  if (!isLocalPipe) throw refuse(`connect ${JSON.stringify(options)}`);
  return originalConnect.apply(this, args);
};

dns.lookup = function lookup(hostname, ...rest) {
  const callback = rest[rest.length - 1];
  const error = refuse(`dns ${hostname}`);
  process.nextTick(() => callback(error));
};
dns.promises.lookup = async (hostname) => {
  throw refuse(`dns ${hostname}`);
};
