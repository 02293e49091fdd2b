// as: shared/profile/fence-violation.ts
import { z } from 'zod';
import type { Protocol } from 'devtools-protocol';
import { Protocol as ProtocolValue } from 'devtools-protocol'; // ✗
import { importProfile } from './import/any-format.ts';
import { WebSocket } from 'ws'; // ✗
import CDP from 'chrome-remote-interface'; // ✗
import zlib from 'node:zlib'; // ✗
import fs from 'fs'; // ✗
import { bench } from '../../bench/index.js'; // ✗
import { UserError } from '../../electron/services/errors.ts'; // ✗
import { App } from '../../renderer/src/App.tsx'; // ✗
import React from 'react'; // ✗
import type { BrowserWindow } from 'electron'; // ✗
export { helper } from '../../test/helpers/profiles.ts'; // ✗
void [z, ProtocolValue, importProfile, WebSocket, CDP, zlib, fs, bench, UserError, App, React];
export type W = BrowserWindow;
export type P = Protocol.Profiler.Profile;
