// docs/engines.md's first Unity sample, word for word (cargo test -p
// cards-ffi checks it): a table made in Start, medium bots played up to seat
// 0's turn, seat 0's moves and view logged. .ci/ffi-check compiles it with
// bindings/csharp/Cards.cs and unity_player_loop.cs, which stands in for
// UnityEngine and calls Start and OnDestroy as Unity does, on mono.
using CardRules;
using UnityEngine;

// Seat 0 is the player; seats 1 to 3 are medium bots.
public class HeartsTable : MonoBehaviour
{
    Table table;

    void Start()
    {
        table = new Table("hearts", 4, seed: 7);
        while (table.ToAct is int seat && seat != 0) table.PlayBot(seat, Difficulty.Medium);
        foreach (var move in table.LegalMoves(0)) Debug.Log(move);   // for the buttons
        Debug.Log(table.View(0));   // what seat 0 sees, as JSON: read it with JsonUtility or Newtonsoft
    }

    void OnDestroy() => table.Dispose();
}
