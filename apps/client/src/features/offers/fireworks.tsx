import { BOX_FIREWORKS_MS } from "@cardrealm/protocol";
import { useEffect, useRef, useState } from "react";

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  max: number;
  color: string;
  size: number;
}

const COLORS = ["#ffe3a1", "#f2c76b", "#b47cff", "#ff7ad9", "#7fdcff", "#fff4d6"];
const GRAVITY = 0.045;
const DRAG = 0.985;

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * Fireworks over the box view for 5.5 s (product.md section 9): bursts of
 * gold and violet sparks on a canvas, then the canvas fades and is removed.
 * Without a 2D canvas (tests, old webviews) only the timing remains.
 */
export function Fireworks({ durationMs = BOX_FIREWORKS_MS }: { durationMs?: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDone(true), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs]);

  useEffect(() => {
    const canvas = canvasRef.current;
    let context: CanvasRenderingContext2D | null = null;
    try {
      context = canvas?.getContext("2d") ?? null;
    } catch {
      context = null;
    }
    if (!canvas || !context || typeof requestAnimationFrame === "undefined") return;
    const ctx = context;
    const width = canvas.offsetWidth || 1280;
    const height = canvas.offsetHeight || 720;
    canvas.width = width;
    canvas.height = height;

    const reduced = prefersReducedMotion();
    const particles: Particle[] = [];
    const started = performance.now();
    let nextBurst = started;
    let frame = 0;

    const burst = () => {
      const x = width * (0.12 + Math.random() * 0.76);
      const y = height * (0.1 + Math.random() * 0.38);
      const color = COLORS[Math.floor(Math.random() * COLORS.length)] ?? "#f2c76b";
      const count = reduced ? 18 : 46 + Math.floor(Math.random() * 24);
      for (let i = 0; i < count; i++) {
        const angle = (Math.PI * 2 * i) / count + Math.random() * 0.2;
        const speed = 1.6 + Math.random() * 3.2;
        const max = 60 + Math.random() * 40;
        particles.push({
          x,
          y,
          vx: Math.cos(angle) * speed,
          vy: Math.sin(angle) * speed,
          life: max,
          max,
          color: Math.random() < 0.2 ? "#ffffff" : color,
          size: 1.4 + Math.random() * 1.8,
        });
      }
    };

    const tick = (now: number) => {
      const elapsed = now - started;
      if (elapsed < durationMs - 900 && now >= nextBurst) {
        burst();
        nextBurst = now + (reduced ? 900 : 260 + Math.random() * 320);
      }
      ctx.globalCompositeOperation = "destination-out";
      ctx.fillStyle = "rgba(0, 0, 0, 0.28)";
      ctx.fillRect(0, 0, width, height);
      ctx.globalCompositeOperation = "lighter";
      for (let i = particles.length - 1; i >= 0; i--) {
        const p = particles[i];
        if (!p) continue;
        p.vx *= DRAG;
        p.vy = p.vy * DRAG + GRAVITY;
        p.x += p.vx;
        p.y += p.vy;
        p.life -= 1;
        if (p.life <= 0) {
          particles.splice(i, 1);
          continue;
        }
        ctx.globalAlpha = Math.max(0, p.life / p.max);
        ctx.fillStyle = p.color;
        ctx.beginPath();
        ctx.arc(p.x, p.y, p.size, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
      if (elapsed < durationMs) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [durationMs]);

  if (done) return null;
  return (
    <div className="fireworks" aria-hidden="true" data-testid="box-fireworks">
      <canvas
        ref={canvasRef}
        className="fireworks__canvas"
        style={{ animationDuration: `${durationMs}ms` }}
      />
    </div>
  );
}
