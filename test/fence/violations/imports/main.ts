// as: electron/main/fence-violation.ts
import { app } from 'electron';
import { isHostReply } from '../service-host/protocol.ts';
import { messageOf } from '../services/errors.ts';
import { createClient } from '../../renderer/src/client/index.ts'; // ✗
import { createHostDispatcher } from '../service-host/dispatcher.ts'; // ✗
import React from 'react'; // ✗
void [app, isHostReply, messageOf, createClient, createHostDispatcher, React];
