// Imported first by main.tsx: before any schema parses, Zod must not probe eval (CSP).
import { parseWithoutEval } from "@cardrealm/protocol";

parseWithoutEval();
