/// <reference lib="webworker" />
import { expose } from 'comlink';
import { db } from '../db/db';
import { createIndexService } from './knowledge-index-service';

// The worker opens the app's Dexie database itself: rows never cross the thread boundary, only
// the page of hits the screen shows.
expose(createIndexService(db));
