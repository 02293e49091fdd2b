// as: electron/preload/fence-violation.ts
import { contextBridge } from 'electron';
import { apiMethodNames } from '../../shared/api-methods.ts';
import { INVOKE_CHANNEL } from '../../shared/bridge.ts';
import type { FlambeEvent } from '../../shared/api.ts';
import { apiInputSchemas } from '../../shared/api.ts'; // ✗
import { z } from 'zod'; // ✗
import path from 'node:path'; // ✗
import { messageOf } from '../services/errors.ts'; // ✗
void [contextBridge, apiMethodNames, INVOKE_CHANNEL, apiInputSchemas, z, path, messageOf];
export type E = FlambeEvent;
