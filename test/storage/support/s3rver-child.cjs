// Runs s3rver 3.7 (a local S3-compatible server) in its own process for the S3 store tests. Started by
// s3-server.ts with `node --openssl-legacy-provider`: s3rver encrypts ListObjectsV2 continuation tokens with DES,
// which OpenSSL 3 (Node >= 17) only offers through its legacy provider, so without the flag every truncated
// listing (pagination) answers 500.
'use strict';
const S3rver = require('s3rver');
const FilesystemStore = require('s3rver/lib/stores/filesystem');

// s3rver's DeleteObjects deletes its keys concurrently and each deletion then prunes empty folders with a
// check-then-rmdir; two keys in one folder race and the loser answers 500 although both objects are gone.
// Serializing deletions keeps the server's behaviour and removes the race (the SDK would otherwise hide it by
// retrying the 500).
const deleteObject = FilesystemStore.prototype.deleteObject;
let queue = Promise.resolve();
FilesystemStore.prototype.deleteObject = function serializedDeleteObject(...args) {
  const run = queue.then(() => deleteObject.apply(this, args));
  queue = run.catch(() => {});
  return run;
};

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});

server.run().then(
  (address) => process.send({ port: address.port }),
  (err) => {
    process.send({ error: String(err && err.stack) });
    process.exit(1);
  },
);

// The parent stops us by disconnecting (also when it dies): never outlive the test run.
process.on('disconnect', () => {
  server.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
});
