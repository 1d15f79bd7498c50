/**
 * The card sheet (/card-sheet.html): every collectible card of the catalogue
 * in its mini and big sizes, straight from content/, for art and text review.
 * No sign-in needed; the game itself never links here.
 */
import "@fontsource/cinzel/700.css";
import "@fontsource/nunito/400.css";
import "@fontsource/nunito/700.css";
import "../app/theme.css";
import "./card-sheet.css";
import { COLLECTIBLE_CARDS, toApiCard } from "@cardrealm/content";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { GameCard } from "../components/card/game-card.tsx";

const cards = COLLECTIBLE_CARDS.map((c) => toApiCard(c));

function CardSheet() {
  return (
    <main className="card-sheet">
      <h1>Cardrealm — all {cards.length} cards</h1>
      <p>Each card in its mini size (hand, table) and its big size (large card view).</p>
      <div className="card-sheet__grid">
        {cards.map((card) => (
          <section key={card.id} className="card-sheet__pair" data-testid={`sheet-card-${card.id}`}>
            <GameCard card={card} size="mini" />
            <GameCard card={card} size="big" />
          </section>
        ))}
      </div>
    </main>
  );
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <CardSheet />
    </StrictMode>,
  );
}
