// as: renderer/src/lib/fence-violation.ts
import React from 'react';
import { select } from 'd3-selection';
import { isLoopbackHost } from '../../../shared/targets/hosts.ts';
import { formatMs } from './format.ts';
import path from 'node:path'; // ✗
import { ipcRenderer } from 'electron'; // ✗
import { createFlambeService } from '../../../electron/services/service.ts'; // ✗
import { z } from 'zod'; // ✗
import WebSocket from 'ws'; // ✗
const lazy = () => import('../../../electron/cli/main.ts'); // ✗
void [React, select, isLoopbackHost, formatMs, path, ipcRenderer, createFlambeService, z, WebSocket, lazy];
