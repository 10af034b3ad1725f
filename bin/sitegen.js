#!/usr/bin/env node
import { main } from '../lib/cli.js';

main(process.argv).then((code) => {
  process.exitCode = code;
});
